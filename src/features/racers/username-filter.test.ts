import { describe, expect, it } from 'vitest';
import { filterUsernames } from './username-filter';

const names = ['alice', 'Alicia', 'bob', 'malice', 'x_lic_9'];

describe('filterUsernames', () => {
  it('keeps usernames containing the text anywhere', () => {
    expect(filterUsernames(names, 'lic')).toEqual(['alice', 'Alicia', 'malice', 'x_lic_9']);
  });
  it('is case-sensitive', () => {
    expect(filterUsernames(names, 'Ali')).toEqual(['Alicia']);
    expect(filterUsernames(names, 'ali')).toEqual(['alice', 'malice']);
    expect(filterUsernames(names, 'BOB')).toEqual([]);
  });
  it('keeps everything for an empty text and nothing when nothing matches', () => {
    expect(filterUsernames(names, '')).toEqual(names);
    expect(filterUsernames(names, 'zzz')).toEqual([]);
  });
});
