import { describe, expect, it } from 'vitest';
import { pageOfMyRow } from './my-row';

describe('pageOfMyRow', () => {
  const rows = Array.from({ length: 120 }, (_, i) => ({ name: `r${i + 1}` }));
  const is = (name: string) => (r: { name: string }) => r.name === name;

  it('finds the page of 50 that holds the row', () => {
    expect(pageOfMyRow(rows, is('r1'), 50)).toBe(1);
    expect(pageOfMyRow(rows, is('r50'), 50)).toBe(1);
    expect(pageOfMyRow(rows, is('r51'), 50)).toBe(2);
    expect(pageOfMyRow(rows, is('r100'), 50)).toBe(2);
    expect(pageOfMyRow(rows, is('r101'), 50)).toBe(3);
    expect(pageOfMyRow(rows, is('r120'), 50)).toBe(3);
  });

  it('is null when the row is not in the table', () => {
    expect(pageOfMyRow(rows, is('r121'), 50)).toBeNull();
    expect(pageOfMyRow([], is('r1'), 50)).toBeNull();
  });
});
