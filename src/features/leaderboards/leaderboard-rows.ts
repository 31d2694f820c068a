/**
 * From the API's rows to what the table shows: hide flagged racers unless asked, rank by the
 * standing (Points, the board's ranking, whatever column is sorted), compare ranks with the
 * previous period's standing, sort for display, narrow by the filter box, page.
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards';
import { rankChanges, type RankChange } from '../../../rules/rank-change';
import { DEFAULT_LEADERBOARD_SORT, rowKey, sortLeaderboard, type LeaderboardSort } from './leaderboard-sort';

export const PAGE_SIZE = 50;

type AnyRow = TeamLeaderboardRow | IndividualLeaderboardRow;

export interface BoardRow<R extends AnyRow> {
  row: R;
  /**
   * Place in the standing (by Points, 1 first, so 1-3 get the medals), whichever column the table
   * is sorted by; kept when the filter box narrows the list.
   */
  rank: number;
  /** Against the previous period; null while that board is not loaded. */
  change: RankChange | null;
}

export interface BoardOptions {
  sort: LeaderboardSort;
  /** Show rows with bot = 1 (individual boards). */
  showBots: boolean;
  filter: string;
}

function visible<R extends AnyRow>(rows: readonly R[], showBots: boolean): R[] {
  return showBots ? [...rows] : rows.filter((r) => !('bot' in r) || r.bot !== 1);
}

/** Whether a row's display name, username or team tag contains the filter text (any case). */
export function matchesFilter(row: AnyRow, filter: string): boolean {
  const f = filter.trim().toLowerCase();
  if (!f) return true;
  const fields = 'UserID' in row ? [row.CurrentDisplayName, row.Username, row.TeamTag ?? ''] : [row.TeamTag];
  return fields.some((s) => s.toLowerCase().includes(f));
}

/** The rows in standing order: the board's ranking, Points descending. */
function standing<R extends AnyRow>(rows: readonly R[]): R[] {
  return sortLeaderboard(rows, DEFAULT_LEADERBOARD_SORT);
}

export function buildBoard<R extends AnyRow>(
  rows: readonly R[],
  previous: readonly R[] | undefined,
  opts: BoardOptions,
): BoardRow<R>[] {
  const ranked = standing(visible(rows, opts.showBots));
  const changes = previous
    ? rankChanges(ranked.map(rowKey), standing(visible(previous, opts.showBots)).map(rowKey))
    : null;
  const board = ranked.map((row, i) => ({ row, rank: i + 1, change: changes?.get(rowKey(row)) ?? null }));
  const sorted =
    opts.sort.key === DEFAULT_LEADERBOARD_SORT.key && opts.sort.dir === DEFAULT_LEADERBOARD_SORT.dir
      ? board
      : sortBoard(board, opts.sort);
  return sorted.filter((b) => matchesFilter(b.row, opts.filter));
}

/** The ranked rows in the table's sort (the standing itself when sorted by Points descending). */
function sortBoard<R extends AnyRow>(board: BoardRow<R>[], sort: LeaderboardSort): BoardRow<R>[] {
  const byKey = new Map(board.map((b) => [rowKey(b.row), b]));
  return sortLeaderboard(
    board.map((b) => b.row),
    sort,
  ).map((row) => byKey.get(rowKey(row))!);
}

export interface Page<T> {
  rows: T[];
  /** 1-based, clamped to the pages there are. */
  page: number;
  pageCount: number;
}

export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { rows: rows.slice((p - 1) * size, p * size), page: p, pageCount };
}
