/**
 * Health table sorting: most reasons for attention first at the start; clicking the active column
 * toggles it, another column starts descending for numbers (the worst or busiest first) and
 * ascending for the name. Never raced counts as the longest idle; ties go by display name.
 */
import type { RosterHealthRow } from '../../../contract/roster-health';
import { compareText, nextSort, sortedBy, type SortState, type SortValue } from '../../lib/sort';

export type HealthSortKey =
  | 'CurrentDisplayName'
  | 'DaysSinceLastRace'
  | 'RacesThisWeek'
  | 'RacesLastWeek'
  | 'LifetimeRaces'
  | 'AvgWPM'
  | 'Strikes'
  | 'Attention';
export type HealthSort = SortState<HealthSortKey>;

export const DEFAULT_HEALTH_SORT: HealthSort = { key: 'Attention', dir: 'desc' };

export function nextHealthSort(current: HealthSort, key: HealthSortKey): HealthSort {
  return nextSort(current, key, key === 'CurrentDisplayName' ? 'asc' : 'desc');
}

function valueOf(r: RosterHealthRow, key: HealthSortKey): SortValue {
  if (key === 'Attention') return r.Attention.length;
  if (key === 'DaysSinceLastRace') return r.DaysSinceLastRace ?? Number.MAX_SAFE_INTEGER;
  return r[key];
}

export function sortHealth(rows: readonly RosterHealthRow[], sort: HealthSort): RosterHealthRow[] {
  return sortedBy(rows, valueOf, sort, { tieBreak: (a, b) => compareText(a.CurrentDisplayName, b.CurrentDisplayName) });
}
