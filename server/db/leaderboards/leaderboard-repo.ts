/**
 * Team and individual leaderboards of a window, summed from rollups plus exact raw edges
 * (window-plan.ts). Aggregates follow design.md "The numbers": races = Σ races,
 * WPM = (Σ typed / 5) / (Σ secs / 60), accuracy = 1 − Σ errs / Σ typed, points = Σ batch points.
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards.js';
import type { Window } from '../../domain/site-time.js';
import { windowStats } from '../../domain/stats.js';
import type { Queryable } from '../database.js';
import { piecesSql, SUMS_SQL } from './pieces-sql.js';
import { planWindow, type Piece } from './window-plan.js';

interface SumsRow {
  races: number;
  typed: number;
  errs: number;
  secs: number;
  points: number;
}

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

function stats(r: SumsRow) {
  const s = windowStats({ races: Number(r.races), typed: Number(r.typed), errs: Number(r.errs), secs: Number(r.secs), points: Number(r.points) });
  return { Races: s.races, Accuracy: s.accuracy, WPM: s.wpm, Points: s.points };
}

/** One row per team tag: every batch raced for that team in the window; bots' batches only when asked. */
export async function teamLeaderboard(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<TeamLeaderboardRow[]> {
  const pieces = opts.pieces ?? planWindow(w, opts.tz, opts.now);
  if (pieces.length === 0) return [];
  const params: unknown[] = [];
  const { rows } = await db.query<SumsRow & { tag: string }>(
    `SELECT tag, ${SUMS_SQL}
       FROM (${piecesSql(pieces, params)}) AS p
      ${opts.showBots ? '' : 'WHERE user_id NOT IN (SELECT user_id FROM bot_flags)'}
      GROUP BY tag
     HAVING sum(races) > 0
      ORDER BY points DESC, tag`,
    params,
  );
  return rows.map((r) => ({ TeamTag: r.tag, ...stats(r) }));
}

/** One row per racer (over all their teams), with the current display name, team and bot flag. */
export async function individualLeaderboard(db: Queryable, w: Window, opts: PlanOptions): Promise<IndividualLeaderboardRow[]> {
  const pieces = opts.pieces ?? planWindow(w, opts.tz, opts.now);
  if (pieces.length === 0) return [];
  const params: unknown[] = [];
  const { rows } = await db.query<SumsRow & { user_id: number; username: string | null; display_name: string | null; team_tag: string | null; bot: boolean }>(
    `WITH totals AS (
       SELECT user_id, ${SUMS_SQL}
         FROM (${piecesSql(pieces, params)}) AS p
        GROUP BY user_id
       HAVING sum(races) > 0
     )
     SELECT t.*, r.username, r.display_name, cm.tag AS team_tag, (b.user_id IS NOT NULL) AS bot
       FROM totals t
       LEFT JOIN racers r ON r.user_id = t.user_id
       LEFT JOIN bot_flags b ON b.user_id = t.user_id
       LEFT JOIN LATERAL (
         SELECT m.tag FROM memberships m
          WHERE m.user_id = t.user_id AND m.left_at IS NULL
          ORDER BY m.first_seen DESC LIMIT 1
       ) cm ON true
      ORDER BY t.points DESC, r.username`,
    params,
  );
  return rows.map((r) => {
    const username = r.username ?? String(r.user_id);
    return {
      UserID: Number(r.user_id),
      Username: username,
      CurrentDisplayName: r.display_name || username,
      TeamTag: r.team_tag,
      bot: r.bot ? 1 : 0,
      ...stats(r),
    };
  });
}
