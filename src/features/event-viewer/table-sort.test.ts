import { describe, expect, it } from 'vitest';
import { initialSort, nextSort, sortRows } from './table-sort';

describe('event viewer sort', () => {
  it('starts from the event’s DefaultSort, descending, TotalRaces when none', () => {
    expect(initialSort('racers', 'Points')).toEqual({ key: 'Points', dir: 'desc' });
    expect(initialSort('racers', null)).toEqual({ key: 'TotalRaces', dir: 'desc' });
    expect(initialSort('squads', 'Races')).toEqual({ key: 'sum', dir: 'desc' });
    expect(initialSort('teams', 'Accuracy')).toEqual({ key: 'Accuracy', dir: 'desc' });
  });

  it('sorts a new column descending and toggles on a second click', () => {
    const s1 = nextSort({ key: 'TotalRaces', dir: 'desc' }, 'WPM');
    expect(s1).toEqual({ key: 'WPM', dir: 'desc' });
    const s2 = nextSort(s1, 'WPM');
    expect(s2).toEqual({ key: 'WPM', dir: 'asc' });
    expect(nextSort(s2, 'WPM')).toEqual({ key: 'WPM', dir: 'desc' });
  });

  const rows = [
    { n: 'bob', w: 80 },
    { n: 'Ann', w: null },
    { n: 'cat', w: 120 },
    { n: 'dan', w: 80 },
  ];
  const value = (r: (typeof rows)[number], key: string) => (key === 'w' ? r.w : r.n);

  it('sorts numbers numerically with missing values last in both directions, ties stable', () => {
    expect(sortRows(rows, value, { key: 'w', dir: 'desc' }).map((r) => r.n)).toEqual(['cat', 'bob', 'dan', 'Ann']);
    expect(sortRows(rows, value, { key: 'w', dir: 'asc' }).map((r) => r.n)).toEqual(['bob', 'dan', 'cat', 'Ann']);
  });

  it('sorts text without regard to case', () => {
    expect(sortRows(rows, value, { key: 'n', dir: 'asc' }).map((r) => r.n)).toEqual(['Ann', 'bob', 'cat', 'dan']);
  });
});
