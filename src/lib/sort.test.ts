import { describe, expect, it } from 'vitest';
import { compareValues, nextSort, sortedBy } from './sort';

interface Row {
  name: string;
  n: number | null;
}
const rows: Row[] = [
  { name: 'bob', n: 80 },
  { name: 'Ann', n: null },
  { name: 'cat', n: 120 },
  { name: 'Dan', n: 80 },
  { name: 'eve', n: null },
];
const value = (r: Row, key: 'name' | 'n') => r[key];
const names = (list: Row[]) => list.map((r) => r.name);

describe('table sort', () => {
  it('starts a new column in the given direction and toggles the sorted one', () => {
    expect(nextSort({ key: 'a', dir: 'asc' }, 'b', 'desc')).toEqual({ key: 'b', dir: 'desc' });
    expect(nextSort({ key: 'a', dir: 'desc' }, 'b', 'asc')).toEqual({ key: 'b', dir: 'asc' });
    expect(nextSort({ key: 'b', dir: 'desc' }, 'b', 'desc')).toEqual({ key: 'b', dir: 'asc' });
    expect(nextSort({ key: 'b', dir: 'asc' }, 'b', 'desc')).toEqual({ key: 'b', dir: 'desc' });
  });

  it('compares numbers numerically and text without case, digits as numbers', () => {
    expect(compareValues(9, 10)).toBeLessThan(0);
    expect(compareValues('a9', 'A10')).toBeLessThan(0);
    expect(compareValues('ann', 'ANN')).toBe(0);
  });

  it('puts missing values last in both directions by default, ties in input order', () => {
    expect(names(sortedBy(rows, value, { key: 'n', dir: 'desc' }))).toEqual(['cat', 'bob', 'Dan', 'Ann', 'eve']);
    expect(names(sortedBy(rows, value, { key: 'n', dir: 'asc' }))).toEqual(['bob', 'Dan', 'cat', 'Ann', 'eve']);
  });

  it("with missing: 'high' puts them last ascending and first descending", () => {
    expect(names(sortedBy(rows, value, { key: 'n', dir: 'asc' }, { missing: 'high' }))).toEqual([
      'bob',
      'Dan',
      'cat',
      'Ann',
      'eve',
    ]);
    expect(names(sortedBy(rows, value, { key: 'n', dir: 'desc' }, { missing: 'high' }))).toEqual([
      'Ann',
      'eve',
      'cat',
      'bob',
      'Dan',
    ]);
  });

  it('breaks ties with tieBreak, whatever the direction, and leaves the input alone', () => {
    const byNameDesc = (a: Row, b: Row) => b.name.localeCompare(a.name);
    expect(names(sortedBy(rows, value, { key: 'n', dir: 'asc' }, { tieBreak: byNameDesc }))).toEqual([
      'Dan',
      'bob',
      'cat',
      'eve',
      'Ann',
    ]);
    expect(names(rows)).toEqual(['bob', 'Ann', 'cat', 'Dan', 'eve']);
  });
});
