import { describe, expect, it } from 'vitest';
import { cleanSheetName, MAX_SHEET_NAME, sheetNames } from './sheet-names';

describe('sheet names', () => {
  it('replaces each of : \\ / ? * [ ] and keeps the rest', () => {
    expect(cleanSheetName('a:b\\c/d?e*f[g]h')).toBe('a b c d e f g h');
    expect(cleanSheetName('Squads (BEEHVE)')).toBe('Squads (BEEHVE)');
  });

  it('cuts names to 31 characters', () => {
    const long = 'Participants of the very long spring event 2026';
    expect(cleanSheetName(long)).toBe(long.slice(0, 31));
    expect(cleanSheetName(long)).toHaveLength(MAX_SHEET_NAME);
  });

  it('never leaves a name blank or wrapped in apostrophes', () => {
    expect(cleanSheetName('  ')).toBe('Sheet');
    expect(cleanSheetName('[]?')).toBe('Sheet');
    expect(cleanSheetName("'quoted'")).toBe('quoted');
    expect(sheetNames(['', '*'])).toEqual(['Sheet1', 'Sheet2']);
  });

  it('makes names unique without regard to case, within 31 characters', () => {
    expect(sheetNames(['Teams', 'teams', 'Teams'])).toEqual(['Teams', 'teams (2)', 'Teams (3)']);
    const long = 'x'.repeat(40);
    const [a, b] = sheetNames([long, long]);
    expect(a).toBe('x'.repeat(31));
    expect(b).toBe(`${'x'.repeat(27)} (2)`);
    expect(b).toHaveLength(31);
    // A cleaned name that collides with one already there.
    expect(sheetNames(['a/b', 'a b'])).toEqual(['a b', 'a b (2)']);
  });
});
