/**
 * Event viewer sorting (spec §4): an event opens sorted by its DefaultSort (TotalRaces when none),
 * descending; a header click sorts that column descending, a second click on it toggles. Missing
 * values (no WPM, blank winnings) go last either way; ties keep the server's order.
 */
import type { DefaultSort } from '../../../contract/events';

export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: string;
  dir: SortDir;
}

export type SortValue = string | number | null;

export function nextSort(current: SortState, key: string): SortState {
  if (current.key === key) return { key, dir: current.dir === 'desc' ? 'asc' : 'desc' };
  return { key, dir: 'desc' };
}

/** The column key each table sorts by for an event's DefaultSort. */
export const DEFAULT_SORT_KEYS: Record<'racers' | 'squads' | 'teams', Record<DefaultSort, string>> = {
  racers: { Races: 'TotalRaces', WPM: 'WPM', Accuracy: 'Accuracy', Points: 'Points' },
  squads: { Races: 'sum', WPM: 'WPM', Accuracy: 'Accuracy', Points: 'Points' },
  teams: { Races: 'Races', WPM: 'WPM', Accuracy: 'Accuracy', Points: 'Points' },
};

export function initialSort(table: keyof typeof DEFAULT_SORT_KEYS, defaultSort: DefaultSort | null | undefined): SortState {
  return { key: DEFAULT_SORT_KEYS[table][defaultSort ?? 'Races'] ?? DEFAULT_SORT_KEYS[table].Races, dir: 'desc' };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function sortRows<Row>(rows: Row[], value: (row: Row, key: string) => SortValue, sort: SortState): Row[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: value(row, sort.key) }))
    .sort((a, b) => {
      const va = a.v === '' ? null : a.v;
      const vb = b.v === '' ? null : b.v;
      if (va === null || vb === null) return va === vb ? a.i - b.i : va === null ? 1 : -1;
      const c = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
      return c === 0 ? a.i - b.i : sign * c;
    })
    .map((x) => x.row);
}
