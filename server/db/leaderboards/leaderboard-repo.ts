/**
 * Team and individual leaderboards of a window, summed from rollups plus exact raw edges
 * (window-plan.ts). Aggregates follow design.md "The numbers": races = Σ races,
 * WPM = (Σ typed / 5) / (Σ secs / 60), accuracy = 1 − Σ errs / Σ typed, points = Σ batch points.
 *
 * The database returns only the sums, as one compact text value (pieces-sql.ts), and the JSON is
 * written here (board-json.ts), with the racers' names, teams and bot flags looked up in a list
 * read once per data version (racer-identities.ts) instead of joined for every board. A whole day,
 * week or month, or the trailing 24 hours or 7 days, is kept packed already (migrations 080, 100,
 * 110), also as the individual board's own lines: a board of one such unit reads one value and
 * only puts the racers' names in front of its lines. An individual board of several whole days
 * reads two days' running totals (migration 120) and subtracts one from the other.
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards.js';
import type { Window } from '../../../rules/site-time.js';
import type { Queryable } from '../database.js';
import {
  individualBoardFromLines,
  individualBoardJson,
  parseBoardLines,
  parseSums,
  teamBoardJson,
} from './board-json.js';
import { racerBoardLinesSql, racerBoardSql, teamBoardSql } from './pieces-sql.js';
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

/** A board query's row: the sums to add up, or (one packed piece) the board's own lines. */
interface BoardRow {
  version: string | null;
  anchor: Date | string | null;
  sums?: string | null;
  /** Sums to subtract (running totals). */
  minus?: string | null;
  board?: string | null;
}

/** The trailing sums' anchor each database answered last: the next plan may read them. */
const lastAnchor = new WeakMap<Queryable, Date | null>();

/**
 * The board query's row for a window. A plan that read the trailing sums under an anchor that has
 * moved since (a newer batch was written) got nothing from them, and is made again with the new anchor.
 */
async function windowRow(
  db: Queryable,
  w: Window,
  opts: PlanOptions,
  sqlOf: (pieces: Piece[], params: unknown[]) => string,
  runningSums = false,
): Promise<BoardRow | null> {
  for (let attempt = 0; ; attempt++) {
    const trailingAnchor = attempt < 2 ? (lastAnchor.get(db) ?? null) : null;
    const pieces = opts.pieces ?? planWindow(w, opts.tz, opts.now, { trailingAnchor, runningSums });
    if (pieces.length === 0) return null;
    const params: unknown[] = [];
    const { rows } = await db.query<BoardRow>(sqlOf(pieces, params), params);
    const row = rows[0];
    const anchor = row?.anchor == null ? null : new Date(row.anchor);
    lastAnchor.set(db, anchor);
    const used = pieces.find((p) => p.source === 'trailing');
    if (used && used.anchor.getTime() !== anchor?.getTime()) continue;
    return row ?? null;
  }
}

/**
 * The team board as JSON text: one row per tag, bots' batches only when asked, Points first.
 * Whole units come from the team rollups (migrations 010 and 060), edges from raw batches.
 */
export async function teamLeaderboardJson(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<string> {
  const row = await windowRow(db, w, opts, (pieces, params) => teamBoardSql(pieces, params, opts));
  return row ? teamBoardJson(parseSums(row.sums ?? null)) : '[]';
}

/**
 * The individual board as JSON text: one row per racer over all their teams, with current name,
 * team and bot flag. A board of one packed piece is written from its own lines (migration 110),
 * any other from the sums, which may read the running totals (migration 120).
 */
export async function individualLeaderboardJson(db: Queryable, w: Window, opts: PlanOptions): Promise<string> {
  const row = await windowRow(
    db,
    w,
    opts,
    (pieces, params) => racerBoardLinesSql(pieces, params) ?? racerBoardSql(pieces, params),
    true,
  );
  if (!row) return '[]';
  const version = row.version ?? '0';
  if (row.board !== undefined) {
    const lines = parseBoardLines(row.board);
    if (lines.ids.length === 0) return '[]';
    return individualBoardFromLines(lines, await racerIdentities(db, version, lines.ids));
  }
  const sums = parseSums(row.sums ?? null, row.minus ?? null);
  if (sums.size === 0) return '[]';
  return individualBoardJson(sums, await racerIdentities(db, version, sums.keys));
}

export async function teamLeaderboard(
  db: Queryable,
  w: Window,
  opts: PlanOptions & { showBots: boolean },
): Promise<TeamLeaderboardRow[]> {
  return JSON.parse(await teamLeaderboardJson(db, w, opts)) as TeamLeaderboardRow[];
}

export async function individualLeaderboard(
  db: Queryable,
  w: Window,
  opts: PlanOptions,
): Promise<IndividualLeaderboardRow[]> {
  return JSON.parse(await individualLeaderboardJson(db, w, opts)) as IndividualLeaderboardRow[];
}
