/**
 * Event viewer sorting (docs/product.md §4): an event opens sorted by its DefaultSort (TotalRaces when none),
 * descending; a header click sorts that column descending, a second click on it toggles. Missing
 * values (no WPM, blank winnings) go last either way; ties keep the server's order.
 */
import type { DefaultSort } from '../../../contract/events';
import { nextSort as sharedNextSort, sortedBy, type SortState, type SortValue } from '../../lib/sort';

export type { SortState, SortValue };

export function nextSort(current: SortState, key: string): SortState {
  return sharedNextSort(current, key, 'desc');
}

/** The column key each table sorts by for an event's DefaultSort. */
export const DEFAULT_SORT_KEYS: Record<'racers' | 'squads' | 'teams', Record<DefaultSort, string>> = {
  racers: { Races: 'TotalRaces', WPM: 'WPM', Accuracy: 'Accuracy', Points: 'Points' },
  squads: { Races: 'sum', WPM: 'WPM', Accuracy: 'Accuracy', Points: 'Points' },
  teams: { Races: 'Races', WPM: 'WPM', Accuracy: 'Accuracy', Points: 'Points' },
};

export function initialSort(
  table: keyof typeof DEFAULT_SORT_KEYS,
  defaultSort: DefaultSort | null | undefined,
): SortState {
  return { key: DEFAULT_SORT_KEYS[table][defaultSort ?? 'Races'] ?? DEFAULT_SORT_KEYS[table].Races, dir: 'desc' };
}

/** A sorted copy; blank text counts as missing. */
export function sortRows<Row>(rows: Row[], value: (row: Row, key: string) => SortValue, sort: SortState): Row[] {
  return sortedBy(
    rows,
    (row, key) => {
      const v = value(row, key);
      return v === '' ? null : v;
    },
    sort,
  );
}
