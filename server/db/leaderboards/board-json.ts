/**
 * The boards' JSON, written from the database's sums text (pieces-sql.ts `boardSumsSql`).
 *
 * Stats follow design.md "The numbers" with the same float arithmetic as `server/domain/stats.ts`:
 * races = Σ races, accuracy = 1 − Σ errs / Σ typed, WPM = (Σ typed / 5) / (Σ secs / 60), points =
 * Σ batch points. Numbers are written in JavaScript's shortest round-trip form, so JSON.parse gives
 * the exact doubles back. Rows are sorted by points, highest first, then by name (code-unit order,
 * as the C collation orders the same text).
 */
import { accuracy, wpm, type Totals } from '../../domain/stats.js';

/**
 * Counters per key from lines `races,typed,errs,secs,points,key`, added up where a key comes more
 * than once; keys whose races add up to 0 or less are dropped.
 */
export function parseSums(text: string | null): Map<string, Totals> {
  const out = new Map<string, Totals>();
  if (!text) return out;
  for (const line of text.split('\n')) {
    const f = line.split(',', 5);
    const c5 = f.length === 5 ? f.reduce((n, x) => n + x.length + 1, 0) - 1 : -1;
    if (c5 < 0 || line[c5] !== ',') throw new Error(`Malformed leaderboard sums line: ${line.slice(0, 80)}`);
    const key = line.slice(c5 + 1);
    const known = out.get(key);
    if (known) {
      known.races += Number(f[0]);
      known.typed += Number(f[1]);
      known.errs += Number(f[2]);
      known.secs += Number(f[3]);
      known.points += Number(f[4]);
    } else {
      out.set(key, { races: Number(f[0]), typed: Number(f[1]), errs: Number(f[2]), secs: Number(f[3]), points: Number(f[4]) });
    }
  }
  for (const [key, t] of out) if (!(t.races > 0)) out.delete(key);
  return out;
}

const num = (v: number | null) => (v === null ? 'null' : String(v));

/** `,"Races":…,"Accuracy":…,"WPM":…,"Points":…}`: the stats that close a row's object. */
function statsJson(t: Totals): string {
  return `,"Races":${num(t.races)},"Accuracy":${num(accuracy(t.typed, t.errs))},"WPM":${num(wpm(t.typed, t.secs))},"Points":${num(t.points)}}`;
}

interface Entry {
  name: string;
  /** The row's object up to its stats: `{"Key":…,…`. */
  head: string;
  totals: Totals;
}

function writeBoard(entries: Entry[]): string {
  entries.sort((a, b) => b.totals.points - a.totals.points || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `[${entries.map((e) => e.head + statsJson(e.totals)).join(',')}]`;
}

/** The team board from sums keyed by the JSON text of each tag. */
export function teamBoardJson(sums: Map<string, Totals>): string {
  const entries: Entry[] = [];
  for (const [key, totals] of sums) entries.push({ name: JSON.parse(key) as string, head: `{"TeamTag":${key}`, totals });
  return writeBoard(entries);
}

/** What the individual board shows of a racer besides their stats. */
export interface RacerIdentity {
  username: string;
  /** `{"UserID":…,"Username":…,"CurrentDisplayName":…,"TeamTag":…,"bot":…` */
  head: string;
}

export function racerHead(userId: string, username: string, displayName: string, tag: string | null, bot: boolean): string {
  return `{"UserID":${userId},"Username":${JSON.stringify(username)},"CurrentDisplayName":${JSON.stringify(displayName)},"TeamTag":${
    tag === null ? 'null' : JSON.stringify(tag)
  },"bot":${bot ? 1 : 0}`;
}

/** The individual board from sums keyed by user id; a racer without a known identity shows the id as name. */
export function individualBoardJson(sums: Map<string, Totals>, identityOf: (userId: string) => RacerIdentity | undefined): string {
  const entries: Entry[] = [];
  for (const [userId, totals] of sums) {
    const who = identityOf(userId) ?? { username: userId, head: racerHead(userId, userId, userId, null, false) };
    entries.push({ name: who.username, head: who.head, totals });
  }
  return writeBoard(entries);
}
