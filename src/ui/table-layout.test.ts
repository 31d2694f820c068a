import { describe, expect, it } from 'vitest';
import { leadKeys, orderColumns } from './table-layout';

const cols = [
  { key: 'rank', identity: true },
  { key: 'name', identity: true },
  { key: 'races' },
  { key: 'wpm' },
  { key: 'points' },
];
const keys = (cs: { key: string }[]) => cs.map((c) => c.key);

describe('orderColumns', () => {
  it('keeps the given order on a wide screen', () => {
    expect(keys(orderColumns(cols, false, ['points']))).toEqual(['rank', 'name', 'races', 'wpm', 'points']);
    const idLater = [{ key: 'id' }, { key: 'title', identity: true }];
    expect(keys(orderColumns(idLater, false, []))).toEqual(['id', 'title']);
  });
  it('puts the lead columns right after the identity on a narrow screen', () => {
    expect(keys(orderColumns(cols, true, ['points', 'wpm']))).toEqual(['rank', 'name', 'points', 'wpm', 'races']);
  });
  it('moves identity columns to the front and ignores unknown lead keys', () => {
    const mixed = [{ key: 'races' }, { key: 'name', identity: true }, { key: 'points' }];
    expect(keys(orderColumns(mixed, true, ['nope', 'points']))).toEqual(['name', 'points', 'races']);
  });
});

describe('leadKeys', () => {
  it('puts the sorted column before the lead columns, once', () => {
    expect(leadKeys('wpm', ['points', 'wpm'], cols)).toEqual(['wpm', 'points']);
  });
  it('skips a sort on an identity column', () => {
    expect(leadKeys('name', ['points'], cols)).toEqual(['points']);
    expect(leadKeys(undefined, undefined, cols)).toEqual([]);
  });
});
