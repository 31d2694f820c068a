/**
 * Team and individual leaderboards of a window, summed from rollups plus exact raw edges
 * (window-plan.ts). Aggregates follow design.md "The numbers": races = Σ races,
 * WPM = (Σ typed / 5) / (Σ secs / 60), accuracy = 1 − Σ errs / Σ typed, points = Σ batch points.
 *
 * The database writes the answer's JSON itself (one text value, json-sql.ts): a thousand rows then
 * cross from the database to the HTTP reply without being parsed and serialized again. The float8
 * arithmetic is the same, operation for operation, as `server/domain/stats.ts`.
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards.js';
import type { Window } from '../../domain/site-time.js';
import type { Queryable } from '../database.js';
import { jsonArrayAggSql, type JsonField } from './json-sql.js';
import { racerPiecesSql, teamPiecesSql } from './pieces-sql.js';
import { planWindow, type Piece } from './window-plan.js';

export interface PlanOptions {
  tz: string;
  now: Date;
  /** Overrides the plan; `rawPlan` gives the naive GROUP BY over raw batches (benchmarks, tests). */
  pieces?: Piece[];
}

/** The whole window read from raw batches: the naive query. */
export function rawPlan(w: Window): Piece[] {
  return w.end > w.start ? [{ source: 'raw', sign: 1, start: w.start, end: w.end }] : [];
}

/** Sums as float8 (exact below 2^53), so the stats below are computed as in JavaScript. */
const SUMS = `sum(races) AS races, sum(typed)::float8 AS typed, sum(errs)::float8 AS errs,
              sum(secs)::float8 AS secs, sum(points) AS points`;

const STATS: JsonField[] = [
  ['Races', 't.races', 'number'],
  ['Accuracy', 'CASE WHEN t.typed > 0 THEN 1 - t.errs / t.typed END', 'number'],
  ['WPM', 'CASE WHEN t.secs > 0 THEN t.typed / 5 / (t.secs / 60) END', 'number'],
  ['Points', 't.points', 'number'],
];

const TEAM_JSON = jsonArrayAggSql([['TeamTag', 't.tag', 'text'], ...STATS], 't.points DESC, t.tag');

const INDIVIDUAL_JSON = jsonArrayAggSql(
  [
    ['UserID', 't.user_id', 'number'],
    ['Username', 'coalesce(r.username, t.user_id::text)', 'text'],
    ['CurrentDisplayName', "coalesce(nullif(r.display_name, ''), r.username, t.user_id::text)", 'text'],
    ['TeamTag', 'cm.tag', 'text'],
    ['bot', 'CASE WHEN b.user_id IS NULL THEN 0 ELSE 1 END', 'number'],
    ...STATS,
  ],
  't.points DESC, r.username',
);

async function jsonOf(db: Queryable, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ json: string }>(sql, params);
  return rows[0]?.json ?? '[]';
}

/**
 * The team board as JSON text: one row per tag, bots' batches only when asked, Points first.
 * Whole hours and days come from the team rollups (migration 010), edges from raw batches.
 */
export async function teamLeaderboardJson(db: Queryable, w: Window, opts: PlanOptions & { showBots: boolean }): Promise<string> {
  const pieces = opts.pieces ?? planWindow(w, opts.tz, opts.now);
  if (pieces.length === 0) return '[]';
  const params: unknown[] = [];
  return jsonOf(
    db,
    `WITH t AS (
       SELECT tag, ${SUMS}
         FROM (${teamPiecesSql(pieces, params, opts)}) AS p
        GROUP BY tag
       HAVING sum(races) > 0
     )
     SELECT ${TEAM_JSON} AS json FROM t`,
    params,
  );
}

/** The individual board as JSON text: one row per racer over all their teams, with current name, team and bot flag. */
export async function individualLeaderboardJson(db: Queryable, w: Window, opts: PlanOptions): Promise<string> {
  const pieces = opts.pieces ?? planWindow(w, opts.tz, opts.now);
  if (pieces.length === 0) return '[]';
  const params: unknown[] = [];
  return jsonOf(
    db,
    `WITH t AS (
       SELECT user_id, ${SUMS}
         FROM (${racerPiecesSql(pieces, params)}) AS p
        GROUP BY user_id
       HAVING sum(races) > 0
     )
     SELECT ${INDIVIDUAL_JSON} AS json
       FROM t
       LEFT JOIN racers r ON r.user_id = t.user_id
       LEFT JOIN bot_flags b ON b.user_id = t.user_id
       LEFT JOIN (
         SELECT DISTINCT ON (user_id) user_id, tag FROM memberships
          WHERE left_at IS NULL
          ORDER BY user_id, first_seen DESC
       ) cm ON cm.user_id = t.user_id`,
    params,
  );
}

export async function teamLeaderboard(db: Queryable, w: Window, opts: PlanOptions & { showBots: boolean }): Promise<TeamLeaderboardRow[]> {
  return JSON.parse(await teamLeaderboardJson(db, w, opts)) as TeamLeaderboardRow[];
}

export async function individualLeaderboard(db: Queryable, w: Window, opts: PlanOptions): Promise<IndividualLeaderboardRow[]> {
  return JSON.parse(await individualLeaderboardJson(db, w, opts)) as IndividualLeaderboardRow[];
}
