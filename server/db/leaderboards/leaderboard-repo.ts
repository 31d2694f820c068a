/**
 * Team and individual leaderboards of any window. The window is split (rules/window-split.ts)
 * into whole days, read as two days' running totals (running-totals.ts), whole hours from
 * hourly_rollups and raw 10-minute edges; the database adds the parts up per team or racer and
 * the stats are worked out here by rules/stats.ts (design.md "The numbers"). Rows are sorted by
 * Points, highest first, then by name (code-unit order).
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards.js';
import { accuracy, wpm, type Totals } from '../../../rules/stats.js';
import type { Window } from '../../../rules/site-time.js';
import { splitWindow, type WindowPart } from '../../../rules/window-split.js';
import type { Queryable } from '../database.js';
import { windowPartsSql } from '../window-sql.js';

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
 * The window's sums per `key`, for keys with races. Integer counters are added as float8: exact
 * below 2^53 and much faster than PostgreSQL's numeric sums of bigints.
 */
async function sums<R extends Totals>(
  db: Queryable,
  w: Window,
  opts: PlanOptions,
  shape: { key: string; where?: string; select?: (sumsSql: string) => string },
): Promise<R[]> {
  const parts = opts.pieces ?? splitWindow(w, opts.tz, { subtract: true, now: opts.now });
  if (parts.length === 0) return [];
  const params: unknown[] = [];
  const union = windowPartsSql(parts, params, { days: 'running', where: shape.where });
  const sumsSql = `SELECT ${shape.key}, sum(races::float8) AS races, sum(typed::float8) AS typed,
         sum(errs::float8) AS errs, sum(secs::float8) AS secs, sum(points) AS points
    FROM (${union}) AS p GROUP BY ${shape.key} HAVING sum(races::float8) > 0`;
  // One JSON value instead of a row per key: PGlite hands over large row sets slowly.
  const sql = `SELECT coalesce(json_agg(t)::text, '[]') AS rows FROM (${shape.select?.(sumsSql) ?? sumsSql}) AS t`;
  const { rows } = await db.query<{ rows: string }>(sql, params);
  return JSON.parse(rows[0].rows) as R[];
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

/** The team board: one row per tag, bots' batches only when asked. */
export async function teamLeaderboard(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<TeamLeaderboardRow[]> {
  const where = opts.showBots ? undefined : 'user_id NOT IN (SELECT user_id FROM bot_flags)';
  const rows = await sums<Totals & { tag: string }>(db, w, opts, { key: 'tag', where });
  return byPointsThenName(
    rows.map((r) => ({ TeamTag: r.tag, ...stats(r) })),
    (r) => r.TeamTag,
  );
}

interface RacerTotals extends Totals {
  user_id: number;
  username: string | null;
  display_name: string | null;
  team: string | null;
  bot: boolean;
}

/** The individual board: one row per racer over all their teams, with current name, team and bot flag. */
export async function individualLeaderboard(
  db: Queryable,
  w: Window,
  opts: PlanOptions,
): Promise<IndividualLeaderboardRow[]> {
  const rows = await sums<RacerTotals>(db, w, opts, {
    key: 'user_id',
    select: (sumsSql) => `
      SELECT s.user_id, s.races, s.typed, s.errs, s.secs, s.points, r.username,
             nullif(r.display_name, '') AS display_name, b.user_id IS NOT NULL AS bot, m.tag AS team
        FROM (${sumsSql}) AS s
        LEFT JOIN racers r ON r.user_id = s.user_id
        LEFT JOIN (SELECT DISTINCT ON (user_id) user_id, tag FROM memberships WHERE left_at IS NULL
                    ORDER BY user_id, first_seen DESC) AS m ON m.user_id = s.user_id
        LEFT JOIN bot_flags b ON b.user_id = s.user_id`,
  });
  return byPointsThenName(
    rows.map((r) => {
      // A racer not (yet) in racers shows the id as name.
      const username = r.username ?? String(r.user_id);
      return {
        UserID: r.user_id,
        Username: username,
        CurrentDisplayName: r.display_name ?? username,
        TeamTag: r.team,
        bot: r.bot ? (1 as const) : (0 as const),
        ...stats(r),
      };
    }),
    (r) => r.Username,
  );
}

export async function teamLeaderboardJson(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<string> {
  return JSON.stringify(await teamLeaderboard(db, w, opts));
}

export async function individualLeaderboardJson(db: Queryable, w: Window, opts: PlanOptions): Promise<string> {
  return JSON.stringify(await individualLeaderboard(db, w, opts));
}
