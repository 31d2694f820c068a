/**
 * The boards' JSON, written from the database's sums text (pieces-sql.ts `boardSumsSql`).
 *
 * Stats follow design.md "The numbers" with the same float arithmetic as `rules/stats.ts`:
 * races = Σ races, accuracy = 1 − Σ errs / Σ typed, WPM = (Σ typed / 5) / (Σ secs / 60), points =
 * Σ batch points. Numbers are written in JavaScript's shortest round-trip form, so JSON.parse gives
 * the exact doubles back. Rows are sorted by points, highest first, then by name (code-unit order,
 * as the C collation orders the same text).
 *
 * A board has up to a few thousand rows and is written on every uncached request, so the sums are
 * kept in flat arrays (one slot per key) rather than an object per row.
 */
import { accuracy, wpm, type Totals } from '../../../rules/stats.js';

const COMMA = 44;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;

/** Counters per key, one slot per distinct key in the order first seen. */
export class BoardSums {
  readonly keys: string[] = [];
  readonly races: Float64Array;
  readonly typed: Float64Array;
  readonly errs: Float64Array;
  readonly secs: Float64Array;
  readonly points: Float64Array;
  private readonly slots = new Map<string, number>();

  constructor(capacity: number) {
    this.races = new Float64Array(capacity);
    this.typed = new Float64Array(capacity);
    this.errs = new Float64Array(capacity);
    this.secs = new Float64Array(capacity);
    this.points = new Float64Array(capacity);
  }

  get size(): number {
    return this.keys.length;
  }

  /** The slot of `key`, made (with zero counters) when it is new. */
  slot(key: string): number {
    let s = this.slots.get(key);
    if (s === undefined) {
      s = this.keys.length;
      this.keys.push(key);
      this.slots.set(key, s);
    }
    return s;
  }

  totals(key: string): Totals | undefined {
    const s = this.slots.get(key);
    if (s === undefined) return undefined;
    return {
      races: this.races[s],
      typed: this.typed[s],
      errs: this.errs[s],
      secs: this.secs[s],
      points: this.points[s],
    };
  }

  /** Whether the key's races add up to at least one: only those rows are on a board. */
  onBoard(s: number): boolean {
    return this.races[s] > 0;
  }
}

function malformed(text: string, at: number): Error {
  const start = text.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
  const end = text.indexOf('\n', at);
  return new Error(`Malformed leaderboard line: ${text.slice(start, end < 0 ? undefined : end).slice(0, 80)}`);
}

const lineCount = (text: string | null) => {
  if (!text) return 0;
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
};

/**
 * Counters per key from lines `races,typed,errs,secs,points,key`, added up where a key comes more
 * than once, and the lines of `minus` subtracted. The first four are integers (read digit by
 * digit, the cheap part); points is any float8 text; the key is everything after the fifth comma.
 */
export function parseSums(text: string | null, minus: string | null = null): BoardSums {
  const sums = new BoardSums(lineCount(text) + lineCount(minus));
  if (text) addLines(sums, text, 1);
  if (minus) addLines(sums, minus, -1);
  return sums;
}

function addLines(sums: BoardSums, text: string, sign: 1 | -1): void {
  const n = text.length;
  const ints = [0, 0, 0, 0];
  let i = 0;
  while (i < n) {
    for (let f = 0; f < 4; f++) {
      let c = text.charCodeAt(i);
      const negative = c === MINUS;
      if (negative) c = text.charCodeAt(++i);
      if (c < ZERO || c > NINE) throw malformed(text, i);
      let v = 0;
      do {
        v = v * 10 + (c - ZERO);
        c = text.charCodeAt(++i);
      } while (c >= ZERO && c <= NINE);
      if (c !== COMMA) throw malformed(text, i);
      i++;
      ints[f] = sign * (negative ? -v : v);
    }
    const comma = text.indexOf(',', i);
    let end = text.indexOf('\n', i);
    if (end < 0) end = n;
    if (comma < 0 || comma > end) throw malformed(text, i);
    const points = Number(text.slice(i, comma));
    if (Number.isNaN(points) || comma === i) throw malformed(text, i);
    const s = sums.slot(text.slice(comma + 1, end));
    sums.races[s] += ints[0];
    sums.typed[s] += ints[1];
    sums.errs[s] += ints[2];
    sums.secs[s] += ints[3];
    sums.points[s] += sign * points;
    i = end + 1;
  }
}

/**
 * The board's rows in order: the slots on the board (races ≥ 1), points descending, then by name.
 */
function boardOrder(sums: BoardSums, names: string[]): number[] {
  const order: number[] = [];
  for (let s = 0; s < sums.size; s++) if (sums.onBoard(s)) order.push(s);
  const points = sums.points;
  return order.sort((a, b) => points[b] - points[a] || (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
}

/** The rows `{head,"Races":…,"Accuracy":…,"WPM":…,"Points":…}` as one JSON array. */
function writeBoard(sums: BoardSums, order: number[], heads: string[]): string {
  const { races, typed, errs, secs, points } = sums;
  let out = '[';
  for (let k = 0; k < order.length; k++) {
    const s = order[k];
    out +=
      (k === 0 ? '' : ',') +
      heads[s] +
      ',"Races":' +
      races[s] +
      ',"Accuracy":' +
      accuracy(typed[s], errs[s]) +
      ',"WPM":' +
      wpm(typed[s], secs[s]) +
      ',"Points":' +
      points[s] +
      '}';
  }
  return `${out}]`;
}

/** The team board from sums keyed by the JSON text of each tag. */
export function teamBoardJson(sums: BoardSums): string {
  const names = sums.keys.map((key) => JSON.parse(key) as string);
  const heads = sums.keys.map((key) => `{"TeamTag":${key}`);
  return writeBoard(sums, boardOrder(sums, names), heads);
}

/** What the individual board shows of a racer besides their stats. */
export interface RacerIdentity {
  username: string;
  /** `{"UserID":…,"Username":…,"CurrentDisplayName":…,"TeamTag":…,"bot":…` */
  head: string;
}

export function racerHead(
  userId: string,
  username: string,
  displayName: string,
  tag: string | null,
  bot: boolean,
): string {
  return `{"UserID":${userId},"Username":${JSON.stringify(username)},"CurrentDisplayName":${JSON.stringify(displayName)},"TeamTag":${
    tag === null ? 'null' : JSON.stringify(tag)
  },"bot":${bot ? 1 : 0}`;
}

/** The individual board from sums keyed by user id; a racer without a known identity shows the id as name. */
export function individualBoardJson(
  sums: BoardSums,
  identityOf: (userId: string) => RacerIdentity | undefined,
): string {
  const names: string[] = [];
  const heads: string[] = [];
  for (const userId of sums.keys) {
    const who = identityOf(userId);
    names.push(who ? who.username : userId);
    heads.push(who ? who.head : racerHead(userId, userId, userId, null, false));
  }
  return writeBoard(sums, boardOrder(sums, names), heads);
}

/** The individual board's own packed lines (migration 110), split into racer ids and row stats. */
export interface BoardLines {
  ids: string[];
  /** The stats part of each racer's JSON row, from `,"Races":` to the closing brace. */
  tails: string[];
}

/** Splits lines `user_id,"Races":…,"Accuracy":…,"WPM":…,"Points":…}`, one racer per line. */
export function parseBoardLines(text: string | null): BoardLines {
  const lines: BoardLines = { ids: [], tails: [] };
  if (!text) return lines;
  for (let i = 0; i < text.length;) {
    let end = text.indexOf('\n', i);
    if (end < 0) end = text.length;
    const comma = text.indexOf(',', i);
    if (comma <= i || comma > end || text.charCodeAt(end - 1) !== 125 /* } */) throw malformed(text, i);
    for (let j = i; j < comma; j++) {
      const c = text.charCodeAt(j);
      if (c < ZERO || c > NINE) throw malformed(text, i);
    }
    lines.ids.push(text.slice(i, comma));
    lines.tails.push(text.slice(comma, end));
    i = end + 1;
  }
  return lines;
}

/**
 * The individual board from its own lines, which come points highest first: each line gets its
 * racer's name part in front, and racers with equal points are put in name order, as
 * `individualBoardJson` orders them.
 */
export function individualBoardFromLines(
  { ids, tails }: BoardLines,
  identityOf: (userId: string) => RacerIdentity | undefined,
): string {
  const who = ids.map((id) => identityOf(id));
  const names = ids.map((id, k) => who[k]?.username ?? id);
  const order = ids.map((_, k) => k);
  // Equal points have equal text (the shortest exact form): sort each run of them by name.
  const pointsOf = (k: number) => tails[k].slice(tails[k].lastIndexOf(':') + 1, -1);
  for (let start = 0; start < order.length;) {
    const points = pointsOf(start);
    let end = start + 1;
    while (end < order.length && pointsOf(end) === points) end++;
    if (end - start > 1) {
      const run = order.slice(start, end).sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : 0));
      for (let k = start; k < end; k++) order[k] = run[k - start];
    }
    start = end;
  }
  let out = '[';
  for (let k = 0; k < order.length; k++) {
    const s = order[k];
    out += (k === 0 ? '' : ',') + (who[s]?.head ?? racerHead(ids[s], ids[s], ids[s], null, false)) + tails[s];
  }
  return `${out}]`;
}
