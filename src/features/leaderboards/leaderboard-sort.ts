/**
 * Leaderboard sort (docs/product.md §4): Points descending at first; clicking the sorted column toggles its
 * direction, clicking another column sorts it descending. Values that are not numbers (a missing
 * WPM or accuracy) go last whatever the direction; text compares case-insensitively.
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards';
import { compareText, nextSort, sortedBy, type SortState, type SortValue } from '../../lib/sort';

export type TeamSortKey = 'TeamTag' | 'Races' | 'Accuracy' | 'WPM' | 'Points';
export type IndividualSortKey =
  'CurrentDisplayName' | 'Username' | 'TeamTag' | 'bot' | 'Races' | 'Accuracy' | 'WPM' | 'Points';
export type LeaderboardSortKey = TeamSortKey | IndividualSortKey;

export type LeaderboardSort = SortState<LeaderboardSortKey>;

export const DEFAULT_LEADERBOARD_SORT: LeaderboardSort = { key: 'Points', dir: 'desc' };

export function nextLeaderboardSort(current: LeaderboardSort, key: LeaderboardSortKey): LeaderboardSort {
  return nextSort(current, key, 'desc');
}

type AnyRow = TeamLeaderboardRow | IndividualLeaderboardRow;

function valueOf(row: AnyRow, key: LeaderboardSortKey): SortValue {
  const v = (row as unknown as Record<string, unknown>)[key];
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v !== '') return v;
  return null;
}

/** The row's identity: team tag, or user id for racers. */
export function rowKey(row: AnyRow): string {
  return 'UserID' in row ? String(row.UserID) : row.TeamTag;
}

/** A sorted copy; ties keep Points descending, then the name, so the order is stable. */
export function sortLeaderboard<R extends AnyRow>(rows: readonly R[], sort: LeaderboardSort): R[] {
  return sortedBy(rows, valueOf, sort, {
    tieBreak: (x, y) => y.Points - x.Points || compareText(rowKey(x), rowKey(y)),
  });
}
