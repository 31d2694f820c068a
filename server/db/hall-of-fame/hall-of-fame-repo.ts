/**
 * The Hall of Fame (docs/product.md §7): the top racer and the top team by Points of every closed
 * site day, week (Sunday to Saturday) and month, and the all-time records, flagged racers left out
 * as the boards leave them out with showbot off. Read from daily_rollups (one row per racer, team
 * and site day, what the boards' running totals are summed from), never from raw batches, in one
 * statement; the result is kept per database, data version and site day, so a year of rollups is
 * read once per poll at most, whichever page, racer or post asks.
 */
import type { HallPeriod } from '../../../contract/hall-of-fame.js';
import { HALL_WPM_MIN_RACES } from '../../../contract/hall-of-fame.js';
import { accuracy, wpm, type Totals } from '../../../rules/stats.js';
import { addDayKeys, type DayKey } from '../../../rules/site-time.js';
import type { Queryable } from '../database.js';
import { readDataVersion } from '../data-version.js';

export interface HallStats {
  Races: number;
  Accuracy: number | null;
  WPM: number | null;
  Points: number;
}

export interface HallRacerRow extends HallStats {
  UserID: number;
  Username: string;
  CurrentDisplayName: string;
  TeamTag: string | null;
  bot: 0;
}

export interface HallPeriodWinners {
  kind: HallPeriod;
  start: DayKey;
  end: DayKey;
  racer: HallRacerRow | null;
  team: (HallStats & { TeamTag: string }) | null;
}

export type HallRecordRow = HallRacerRow & { start: DayKey; end: DayKey };

export interface HallOfFame {
  /** When tracking began: the start of the first batch the site holds (null before any). */
  trackedSince: Date | null;
  /** Newest first per kind. */
  periods: Record<HallPeriod, HallPeriodWinners[]>;
  records: {
    mostRacesDay: HallRecordRow | null;
    mostRacesWeek: HallRecordRow | null;
    bestDailyWpm: HallRecordRow | null;
  };
}

type SumRow = Totals & { kind: HallPeriod; start: string };
type RacerSumRow = SumRow & { user_id: number; username: string; display_name: string | null; team: string | null };
type TeamSumRow = SumRow & { tag: string };

/** Rollup rows of closed days ($1 = today), flagged racers' left out. */
const ROLLUPS = `FROM daily_rollups WHERE day < $1::date AND user_id NOT IN (SELECT user_id FROM bot_flags)`;
const SUMS = `sum(races::float8) AS races, sum(typed::float8) AS typed, sum(errs::float8) AS errs,
              sum(secs::float8) AS secs, sum(points) AS points`;
const RESUM = `sum(races) AS races, sum(typed) AS typed, sum(errs) AS errs, sum(secs) AS secs, sum(points) AS points`;

/** Per period of each kind, the sums of `key` (`user_id` or `tag`) over the closed ones. */
function periodSums(key: string, byDay: string): string {
  return `SELECT 'day' AS kind, day AS start, ${key}, races, typed, errs, secs, points FROM ${byDay}
    UNION ALL
    SELECT 'week', day - extract(dow FROM day)::int, ${key}, ${RESUM} FROM ${byDay}
     WHERE day - extract(dow FROM day)::int + 7 <= $1::date GROUP BY 2, ${key}
    UNION ALL
    SELECT 'month', date_trunc('month', day)::date, ${key}, ${RESUM} FROM ${byDay}
     WHERE (date_trunc('month', day) + interval '1 month')::date <= $1::date GROUP BY 2, ${key}`;
}

const NAMES = `LEFT JOIN racers r ON r.user_id = p.user_id
  LEFT JOIN (SELECT DISTINCT ON (user_id) user_id, tag FROM memberships WHERE left_at IS NULL
              ORDER BY user_id, first_seen DESC) AS m ON m.user_id = p.user_id`;
const RACER_COLUMNS = `p.*, coalesce(r.username, p.user_id::text) AS username, nullif(r.display_name, '') AS display_name,
  m.tag AS team`;
const NAME_ORDER = `coalesce(r.username, p.user_id::text) COLLATE "C"`;

/**
 * The candidates for a record: the rows whose `value` is the highest of `rows`, named; the
 * earliest period, then the name, holds it.
 */
const record = (name: string, rows: string, value: string) => `
  (SELECT '${name}' AS record, ${RACER_COLUMNS}
     FROM (SELECT * FROM ${rows} AS x WHERE ${value} = (SELECT max(${value}) FROM ${rows} AS y)) AS p ${NAMES}
    ORDER BY p.start, ${NAME_ORDER} LIMIT 1)`;

/**
 * One statement: the racer and team sums per day, then per closed period; the top of each by
 * Points then name (code-unit order, as the boards sort), names read only for the rows holding a
 * period's highest Points; and the records' holders (ties to the earliest period, then the name).
 */
const HALL_SQL = `
WITH racer_day AS MATERIALIZED (SELECT user_id, day, ${SUMS} ${ROLLUPS} GROUP BY user_id, day HAVING sum(races::float8) > 0),
team_day AS MATERIALIZED (SELECT tag, day, ${SUMS} ${ROLLUPS} GROUP BY tag, day HAVING sum(races::float8) > 0),
racer_period AS MATERIALIZED (${periodSums('user_id', 'racer_day')}),
best AS (SELECT kind, start, max(points) AS points FROM racer_period GROUP BY kind, start),
racer_top AS (
  SELECT DISTINCT ON (p.kind, p.start) ${RACER_COLUMNS}
    FROM (SELECT rp.* FROM racer_period rp JOIN best b USING (kind, start, points)) AS p ${NAMES}
   ORDER BY p.kind, p.start, ${NAME_ORDER}),
team_top AS (
  SELECT DISTINCT ON (kind, start) * FROM (${periodSums('tag', 'team_day')}) AS t
   ORDER BY kind, start, points DESC, tag COLLATE "C"),
day_rows AS MATERIALIZED (SELECT * FROM racer_period WHERE kind = 'day'),
week_rows AS MATERIALIZED (SELECT * FROM racer_period WHERE kind = 'week'),
wpm_rows AS MATERIALIZED (SELECT * FROM day_rows
                           WHERE races >= ${HALL_WPM_MIN_RACES} AND secs > 0),
records AS (${record('mostRacesDay', 'day_rows', 'races')}
  UNION ALL ${record('mostRacesWeek', 'week_rows', 'races')}
  UNION ALL ${record('bestDailyWpm', 'wpm_rows', 'typed / secs')})
SELECT (SELECT min(end_time) - interval '10 minutes' FROM batches) AS tracked_since,
       (SELECT coalesce(json_agg(t)::text, '[]') FROM racer_top t) AS racers,
       (SELECT coalesce(json_agg(t)::text, '[]') FROM team_top t) AS teams,
       (SELECT coalesce(json_agg(t)::text, '[]') FROM records t) AS records`;

const stats = (t: Totals): HallStats => ({
  Races: t.races,
  Accuracy: accuracy(t.typed, t.errs),
  WPM: wpm(t.typed, t.secs),
  Points: t.points,
});

const racerRow = (r: RacerSumRow): HallRacerRow => ({
  UserID: Number(r.user_id),
  Username: r.username,
  CurrentDisplayName: r.display_name ?? r.username,
  TeamTag: r.team,
  bot: 0,
  ...stats(r),
});

/** The last day of a period starting on `start`. */
export function periodEnd(kind: HallPeriod, start: DayKey): DayKey {
  if (kind === 'day') return start;
  if (kind === 'week') return addDayKeys(start, 6);
  const [y, m] = start.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDayKeys(next, -1);
}

/** The top racer and team of one period's days ($1 first day, $2 last day), ordered as HALL_SQL orders them. */
const PERIOD_WINNERS_SQL = `
WITH rows AS MATERIALIZED (SELECT * FROM daily_rollups WHERE day BETWEEN $1::date AND $2::date
                            AND user_id NOT IN (SELECT user_id FROM bot_flags)),
p AS (SELECT user_id, ${SUMS} FROM rows GROUP BY user_id HAVING sum(races::float8) > 0),
t AS (SELECT tag, ${SUMS} FROM rows GROUP BY tag HAVING sum(races::float8) > 0)
SELECT (SELECT row_to_json(x)::text FROM (SELECT ${RACER_COLUMNS} FROM p ${NAMES}
          ORDER BY p.points DESC, ${NAME_ORDER} LIMIT 1) AS x) AS racer,
       (SELECT row_to_json(x)::text FROM (SELECT * FROM t ORDER BY points DESC, tag COLLATE "C" LIMIT 1) AS x) AS team`;

/**
 * The winners of one closed period alone: what the Discord post needs once a period closes, read
 * from that period's rollups only (the whole Hall of Fame reads every day the site holds).
 */
export async function periodWinners(db: Queryable, kind: HallPeriod, start: DayKey): Promise<HallPeriodWinners> {
  // Asked once per team with a webhook after every poll: one read per period and data version.
  const version = await readDataVersion(db);
  let kept = keptWinners.get(db);
  if (kept?.version !== version) {
    kept = { version, byPeriod: new Map() };
    keptWinners.set(db, kept);
  }
  const id = `${kind}|${start}`;
  const known = kept.byPeriod.get(id);
  if (known) return known;
  const value = readPeriodWinners(db, kind, start);
  const byPeriod = kept.byPeriod;
  byPeriod.set(id, value);
  value.catch(() => byPeriod.delete(id));
  return value;
}

/** Per database: the data version the winners were read at, and each period's read. */
const keptWinners = new WeakMap<
  Queryable,
  { version: number | string; byPeriod: Map<string, Promise<HallPeriodWinners>> }
>();

async function readPeriodWinners(db: Queryable, kind: HallPeriod, start: DayKey): Promise<HallPeriodWinners> {
  const end = periodEnd(kind, start);
  const { rows } = await db.query<{ racer: string | null; team: string | null }>(PERIOD_WINNERS_SQL, [start, end]);
  const racer = rows[0].racer ? (JSON.parse(rows[0].racer) as RacerSumRow) : null;
  const team = rows[0].team ? (JSON.parse(rows[0].team) as TeamSumRow) : null;
  return {
    kind,
    start,
    end,
    racer: racer ? racerRow(racer) : null,
    team: team ? { TeamTag: team.tag, ...stats(team) } : null,
  };
}

/** Reads everything from the database; `today` is the first day not closed. */
export async function readHallOfFame(db: Queryable, today: DayKey): Promise<HallOfFame> {
  const { rows } = await db.query<{
    tracked_since: Date | string | null;
    racers: string;
    teams: string;
    records: string;
  }>(HALL_SQL, [today]);
  const since = rows[0].tracked_since;
  const racers = JSON.parse(rows[0].racers) as RacerSumRow[];
  const teams = JSON.parse(rows[0].teams) as TeamSumRow[];
  const records = JSON.parse(rows[0].records) as Array<RacerSumRow & { record: keyof HallOfFame['records'] }>;

  const byPeriod = new Map<string, HallPeriodWinners>();
  const slot = (kind: HallPeriod, start: string) => {
    const id = `${kind}|${start}`;
    let w = byPeriod.get(id);
    if (!w) {
      w = { kind, start, end: periodEnd(kind, start), racer: null, team: null };
      byPeriod.set(id, w);
    }
    return w;
  };
  for (const r of racers) slot(r.kind, r.start).racer = racerRow(r);
  for (const t of teams) slot(t.kind, t.start).team = { TeamTag: t.tag, ...stats(t) };

  const periods: HallOfFame['periods'] = { day: [], week: [], month: [] };
  for (const w of byPeriod.values()) periods[w.kind].push(w);
  for (const list of Object.values(periods)) list.sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));

  const out: HallOfFame['records'] = { mostRacesDay: null, mostRacesWeek: null, bestDailyWpm: null };
  for (const r of records) out[r.record] = { ...racerRow(r), start: r.start, end: periodEnd(r.kind, r.start) };
  return { trackedSince: since === null ? null : new Date(since), periods, records: out };
}

/** The result kept per database: its data version and site day, and the answer (or the read in progress). */
const kept = new WeakMap<Queryable, { key: string; value: Promise<HallOfFame> }>();

/**
 * The Hall of Fame as of `today`, read again only when the data version or the day moved (every
 * write a board shows bumps the version: batches, renames, team moves, bot flags).
 */
export async function hallOfFame(db: Queryable, today: DayKey): Promise<HallOfFame> {
  const key = `${await readDataVersion(db)}|${today}`;
  const known = kept.get(db);
  if (known?.key === key) return known.value;
  const value = readHallOfFame(db, today);
  kept.set(db, { key, value });
  value.catch(() => {
    if (kept.get(db)?.value === value) kept.delete(db);
  });
  return value;
}
