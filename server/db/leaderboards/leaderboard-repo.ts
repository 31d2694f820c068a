/**
 * Team and individual leaderboards of a window, summed from rollups plus exact raw edges
 * (window-plan.ts). Aggregates follow design.md "The numbers": races = Σ races,
 * WPM = (Σ typed / 5) / (Σ secs / 60), accuracy = 1 − Σ errs / Σ typed, points = Σ batch points.
 *
 * The database returns only the sums, as one compact text value (pieces-sql.ts); a whole day, week
 * or month, or the trailing 24 hours or 7 days, is stored in that form already (migrations 080 and
 * 100), so a board of one unit reads one value. The JSON is written here (board-json.ts), with the racers' names,
 * teams and bot flags looked up in a list read once per data version (racer-identities.ts)
 * instead of joined for every board.
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards.js';
import type { Window } from '../../domain/site-time.js';
import type { Queryable } from '../database.js';
import { individualBoardJson, parseSums, teamBoardJson } from './board-json.js';
import { racerBoardSql, teamBoardSql } from './pieces-sql.js';
import { racerIdentities } from './racer-identities.js';
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

interface SumsResult {
  version: string;
  anchor: Date | null;
  sums: ReturnType<typeof parseSums>;
}

async function sumsOf(db: Queryable, sql: string, params: unknown[]): Promise<SumsResult> {
  const { rows } = await db.query<{ version: string | null; anchor: Date | string | null; sums: string | null }>(sql, params);
  const row = rows[0];
  return { version: row?.version ?? '0', anchor: row?.anchor == null ? null : new Date(row.anchor), sums: parseSums(row?.sums ?? null) };
}

/** The trailing sums' anchor each database answered last: the next plan may read them. */
const lastAnchor = new WeakMap<Queryable, Date | null>();

/**
 * The sums of a window. A plan that read the trailing sums under an anchor that has moved
 * since (a newer batch was written) got nothing from them, and is made again with the new anchor.
 */
async function windowSums(db: Queryable, w: Window, opts: PlanOptions, sqlOf: (pieces: Piece[], params: unknown[]) => string): Promise<SumsResult | null> {
  for (let attempt = 0; ; attempt++) {
    const trailingAnchor = attempt < 2 ? (lastAnchor.get(db) ?? null) : null;
    const pieces = opts.pieces ?? planWindow(w, opts.tz, opts.now, { trailingAnchor });
    if (pieces.length === 0) return null;
    const params: unknown[] = [];
    const result = await sumsOf(db, sqlOf(pieces, params), params);
    lastAnchor.set(db, result.anchor);
    const used = pieces.find((p) => p.source === 'trailing');
    if (used && used.anchor.getTime() !== result.anchor?.getTime()) continue;
    return result;
  }
}

/**
 * The team board as JSON text: one row per tag, bots' batches only when asked, Points first.
 * Whole units come from the team rollups (migrations 010 and 060), edges from raw batches.
 */
export async function teamLeaderboardJson(db: Queryable, w: Window, opts: PlanOptions & { showBots: boolean }): Promise<string> {
  const result = await windowSums(db, w, opts, (pieces, params) => teamBoardSql(pieces, params, opts));
  return result ? teamBoardJson(result.sums) : '[]';
}

/**
 * The individual board as JSON text: one row per racer over all their teams, with current name,
 * team and bot flag.
 */
export async function individualLeaderboardJson(db: Queryable, w: Window, opts: PlanOptions): Promise<string> {
  const result = await windowSums(db, w, opts, racerBoardSql);
  if (!result || result.sums.size === 0) return '[]';
  return individualBoardJson(result.sums, await racerIdentities(db, result.version, result.sums.keys));
}

export async function teamLeaderboard(db: Queryable, w: Window, opts: PlanOptions & { showBots: boolean }): Promise<TeamLeaderboardRow[]> {
  return JSON.parse(await teamLeaderboardJson(db, w, opts)) as TeamLeaderboardRow[];
}

export async function individualLeaderboard(db: Queryable, w: Window, opts: PlanOptions): Promise<IndividualLeaderboardRow[]> {
  return JSON.parse(await individualLeaderboardJson(db, w, opts)) as IndividualLeaderboardRow[];
}
