/**
 * Team and individual leaderboards of any window. The window is split (rules/window-split.ts)
 * into whole days, read as two days' running totals (running-totals.ts), whole hours from
 * hourly_rollups and raw 10-minute edges; the database adds the parts up per team or racer and the
 * stats are worked out here by rules/stats.ts (docs/product.md 'The numbers'). Rows are sorted by
 * Points, highest first, then by name (code-unit order), and ranked in that order now and in the
 * window of the same length before.
 */
import type { RankedIndividualLeaderboardRow, RankedTeamLeaderboardRow } from '../../../contract/leaderboards.js';
import { accuracy, wpm, type Totals } from '../../../rules/stats.js';
import type { Window } from '../../../rules/site-time.js';
import { splitWindow, type WindowPart } from '../../../rules/window-split.js';
import type { Queryable } from '../database.js';
import { windowPartsSql } from '../window-sql.js';
import { rankBoard, wholeListJson, type RacerIdentity, type RankedBoard } from './ranked-board.js';

export interface PlanOptions {
  tz: string;
  now: Date;
  /** Overrides the split; `rawPlan` gives the naive GROUP BY over raw batches (benchmarks, tests). */
  pieces?: WindowPart[];
}

/** The whole window read from raw batches: the naive query. */
export function rawPlan(w: Window): WindowPart[] {
  return w.end > w.start ? [{ source: 'raw', sign: 1, from: w.start, to: w.end }] : [];
}

/**
 * The SQL of the window's sums per `key`, for keys with races (null for an empty window). Integer
 * counters are added as float8: exact below 2^53 and much faster than PostgreSQL's numeric sums.
 */
function sumsSql(w: Window, opts: PlanOptions, params: unknown[], key: string, where?: string): string | null {
  const parts = opts.pieces ?? splitWindow(w, opts.tz, { subtract: true, now: opts.now });
  if (parts.length === 0) return null;
  const union = windowPartsSql(parts, params, { days: 'running', where });
  return `SELECT ${key}, sum(races::float8) AS races, sum(typed::float8) AS typed,
         sum(errs::float8) AS errs, sum(secs::float8) AS secs, sum(points) AS points
    FROM (${union}) AS p GROUP BY ${key} HAVING sum(races::float8) > 0`;
}

const stats = (r: Totals) => ({
  Races: r.races,
  Accuracy: accuracy(r.typed, r.errs),
  WPM: wpm(r.typed, r.secs),
  Points: r.points,
});

function byPointsThenName<T extends { Points: number }>(rows: T[], name: (r: T) => string): T[] {
  return rows.sort((a, b) => b.Points - a.Points || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
}

/** The team board: one row per tag, bots' batches only when asked, ranked now and in the window before. */
export async function teamLeaderboard(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<RankedTeamLeaderboardRow[]> {
  const params: unknown[] = [];
  const where = opts.showBots ? undefined : 'user_id NOT IN (SELECT user_id FROM bot_flags)';
  const sql = sumsSql(w, opts, params, 'tag', where);
  if (sql === null) return [];
  const prev = previousWindow(w);
  const prevSql = sumsSql(prev, { ...opts, pieces: opts.pieces && rawPlan(prev) }, params, 'tag', where);
  // One JSON value instead of a row per team: PGlite hands over row sets slowly.
  const { rows } = await db.query<{ rows: string; prev: string }>(
    `SELECT coalesce((SELECT json_agg(t)::text FROM (${sql}) AS t), '[]') AS rows,
            ${prevSql === null ? "'[]'" : `coalesce((SELECT json_agg(json_build_array(tag, points))::text FROM (${prevSql}) AS t), '[]')`} AS prev`,
    params,
  );
  const before = new Map<string, number>();
  byPointsThenName(
    (JSON.parse(rows[0].prev) as Array<[string, number]>).map(([tag, Points]) => ({ tag, Points })),
    (r) => r.tag,
  ).forEach((r, k) => before.set(r.tag, k + 1));
  return byPointsThenName(
    (JSON.parse(rows[0].rows) as Array<Totals & { tag: string }>).map((r) => ({ TeamTag: r.tag, ...stats(r) })),
    (r) => r.TeamTag,
  ).map((r, k) => ({ ...r, Rank: k + 1, PreviousRank: before.get(r.TeamTag) ?? null }));
}

export async function teamLeaderboardJson(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<string> {
  return JSON.stringify(await teamLeaderboard(db, w, opts));
}

/** user_id, username, display name, current team, bot: as IDENTITIES_SQL writes them. */
type IdentityRow = [userId: number, username: string, displayName: string | null, team: string | null, bot: boolean];
/** Sums as columns (user_id, races, typed, errs, secs, points): arrays of plain numbers, little to collect. */
type SumsArrays = [number[], number[], number[], number[], number[], number[]] | [null];
/** The previous window's user_id and points. */
type PointsArrays = [number[], number[]] | [null];

/** Every racer's identity, kept per database and data version (a rename, move or bot flag bumps it). */
const kept = new WeakMap<Queryable, { version: number; byId: Map<number, RacerIdentity> }>();

/** user_id, username, display name, current team (the latest joined), bot: one JSON array per racer. */
const IDENTITIES_SQL = `SELECT coalesce(json_agg(json_build_array(r.user_id, r.username,
         nullif(r.display_name, ''), m.tag, b.user_id IS NOT NULL))::text, '[]')
    FROM racers r
    LEFT JOIN (SELECT DISTINCT ON (user_id) user_id, tag FROM memberships WHERE left_at IS NULL
                ORDER BY user_id, first_seen DESC) AS m ON m.user_id = r.user_id
    LEFT JOIN bot_flags b ON b.user_id = r.user_id`;

function identity(...[UserID, Username, displayName, TeamTag, bot]: IdentityRow): RacerIdentity {
  const CurrentDisplayName = displayName ?? Username;
  const head = JSON.stringify({ UserID, Username, CurrentDisplayName, TeamTag, bot: +bot });
  return {
    userId: UserID,
    name: Username,
    display: CurrentDisplayName,
    team: TeamTag,
    bot,
    head: `${head.slice(0, -1)},`,
  };
}

/** The window of the same length just before `w`. */
export function previousWindow(w: Window): Window {
  return { start: new Date(2 * w.start.getTime() - w.end.getTime()), end: w.start };
}

const EMPTY_SUMS = 'json_build_array(NULL)::text';

/**
 * The individual board of window `w`, ranked (ranked-board.ts): one row per racer over all their
 * teams, with current name, team and bot flag. One statement sends the window's sums as numbers
 * only, the previous window's points, the newest batch's time and the data version of that
 * snapshot, and the identities only when that version is not the one kept (the naive plan always
 * reads them, so comparing with it checks the kept ones). With `pieces` (the naive plan) the
 * previous window is read from raw batches too.
 */
export async function individualBoard(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<RankedBoard> {
  const params: unknown[] = [];
  const prev = previousWindow(w);
  const sql = sumsSql(w, opts, params, 'user_id');
  const prevSql = sumsSql(prev, { ...opts, pieces: opts.pieces && rawPlan(prev) }, params, 'user_id');
  const known = opts.pieces ? undefined : kept.get(db);
  const { rows } = await db.query<{
    version: string;
    sums: string;
    prev: string;
    as_of: string | null;
    identities: string | null;
  }>(
    `SELECT v.version,
            ${
              sql === null
                ? EMPTY_SUMS
                : `(SELECT json_build_array(array_agg(user_id), array_agg(races), array_agg(typed),
                                                array_agg(errs), array_agg(secs), array_agg(points))::text
                          FROM (${sql}) AS s)`
            } AS sums,
            ${prevSql === null ? EMPTY_SUMS : `(SELECT json_build_array(array_agg(user_id), array_agg(points))::text FROM (${prevSql}) AS s)`} AS prev,
            to_json((SELECT max(end_time) FROM batches))#>>'{}' AS as_of,
            CASE WHEN v.version IS DISTINCT FROM $${params.push(known?.version ?? -1)}::bigint
                 THEN (${IDENTITIES_SQL}) END AS identities
       FROM (SELECT (SELECT value::bigint FROM app_meta WHERE key = 'data_version') AS version) AS v`,
    params,
  );
  let ids = known;
  if (rows[0].identities !== null) {
    const byId = new Map<number, RacerIdentity>();
    for (const r of JSON.parse(rows[0].identities) as IdentityRow[]) byId.set(r[0], identity(...r));
    ids = { version: Number(rows[0].version), byId };
    kept.set(db, ids);
  }
  // A racer not (yet) in racers shows the id as name.
  const whoOf = (id: number) => ids?.byId.get(id) ?? identity(id, String(id), null, null, false);
  const [u, races, typed, errs, secs, points] = JSON.parse(rows[0].sums) as SumsArrays;
  const sums =
    u === null
      ? { ids: [], races: [], typed: [], errs: [], secs: [], points: [] }
      : { ids: u, races: races, typed: typed, errs: errs, secs: secs, points: points };
  const [pu, pp] = JSON.parse(rows[0].prev) as PointsArrays;
  const asOf = rows[0].as_of === null ? null : new Date(rows[0].as_of).toISOString();
  return rankBoard(sums, sums.ids.map(whoOf), { ids: pu ?? [], points: pp ?? [] }, whoOf, opts.showBots, asOf);
}

/** The spec's whole individual list as JSON, with Rank among the racers counted by `showBots`. */
export async function individualLeaderboardJson(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots?: boolean },
): Promise<string> {
  return wholeListJson(await individualBoard(db, w, { ...opts, showBots: opts.showBots ?? false }));
}

export async function individualLeaderboard(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots?: boolean },
): Promise<RankedIndividualLeaderboardRow[]> {
  return JSON.parse(await individualLeaderboardJson(db, w, opts)) as RankedIndividualLeaderboardRow[];
}
