/**
 * From the API's rows to what the table shows: hide flagged racers unless asked, sort, rank,
 * compare ranks with the previous period (ranked the same way), narrow by the filter box, page.
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards';
import { rankChanges, type RankChange } from '../../../server/domain/rank-change';
import { rowKey, sortLeaderboard, type LeaderboardSort } from './leaderboard-sort';

export const PAGE_SIZE = 50;

type AnyRow = TeamLeaderboardRow | IndividualLeaderboardRow;

export interface BoardRow<R extends AnyRow> {
  row: R;
  /** Position in the current sort, 1 first; kept when the filter box narrows the list. */
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

export function buildBoard<R extends AnyRow>(rows: readonly R[], previous: readonly R[] | undefined, opts: BoardOptions): BoardRow<R>[] {
  const current = sortLeaderboard(visible(rows, opts.showBots), opts.sort);
  const changes = previous
    ? rankChanges(current.map(rowKey), sortLeaderboard(visible(previous, opts.showBots), opts.sort).map(rowKey))
    : null;
  return current
    .map((row, i) => ({ row, rank: i + 1, change: changes?.get(rowKey(row)) ?? null }))
    .filter((b) => matchesFilter(b.row, opts.filter));
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
