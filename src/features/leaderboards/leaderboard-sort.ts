/**
 * Leaderboard sort (spec §4): Points descending at first; clicking the sorted column toggles its
 * direction, clicking another column sorts it descending. Values that are not numbers (a missing
 * WPM or accuracy) go last whatever the direction; text compares case-insensitively.
 */
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards';

export type TeamSortKey = 'TeamTag' | 'Races' | 'Accuracy' | 'WPM' | 'Points';
export type IndividualSortKey =
  'CurrentDisplayName' | 'Username' | 'TeamTag' | 'bot' | 'Races' | 'Accuracy' | 'WPM' | 'Points';
export type LeaderboardSortKey = TeamSortKey | IndividualSortKey;

export interface LeaderboardSort {
  key: LeaderboardSortKey;
  dir: 'asc' | 'desc';
}

export const DEFAULT_LEADERBOARD_SORT: LeaderboardSort = { key: 'Points', dir: 'desc' };

export function nextLeaderboardSort(current: LeaderboardSort, key: LeaderboardSortKey): LeaderboardSort {
  if (current.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: 'desc' };
}

type AnyRow = TeamLeaderboardRow | IndividualLeaderboardRow;

const text = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function valueOf(row: AnyRow, key: LeaderboardSortKey): string | number | null {
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
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = valueOf(x, sort.key);
    const b = valueOf(y, sort.key);
    if (a === null && b !== null) return 1;
    if (b === null && a !== null) return -1;
    if (a !== null && b !== null) {
      const c = typeof a === 'number' && typeof b === 'number' ? a - b : text.compare(String(a), String(b));
      if (c !== 0) return sign * c;
    }
    if (x.Points !== y.Points) return y.Points - x.Points;
    return text.compare(rowKey(x), rowKey(y));
  });
}
