import { describe, expect, it } from 'vitest';
import { foldText, searchRacers } from './racer-search';

const racer = (Username: string, CurrentDisplayName: string) => ({ Username, CurrentDisplayName });

describe('searchRacers', () => {
  const racers = [
    racer('speedy_sam', 'Sam the Typist'),
    racer('zoe99', 'Zoë Quick'),
    racer('BigKeys', 'keyboard hero'),
    racer('typist', 'Ana'),
    racer('marco', 'Marco Polo'),
  ];
  const names = (text: string, limit?: number) => searchRacers(racers, text, limit).map((r) => r.Username);

  it('matches display names without regard to case', () => {
    expect(names('SAM THE')).toEqual(['speedy_sam']);
    expect(names('marco polo')).toEqual(['marco']);
  });

  it('matches usernames without regard to case', () => {
    expect(names('bigkeys')).toEqual(['BigKeys']);
    expect(names('ZOE99')).toEqual(['zoe99']);
  });

  it('ignores accents and surrounding space', () => {
    expect(foldText('  Zoë ')).toBe('zoe');
    expect(names(' zoe q')).toEqual(['zoe99']);
  });

  it('puts whole names first, then prefixes, then word starts, then the rest', () => {
    // "typist": a whole username (typist), a word of a display name (Sam the Typist).
    expect(names('typist')).toEqual(['typist', 'speedy_sam']);
    // "quick": a word start in "Zoë Quick".
    expect(names('quick')).toEqual(['zoe99']);
    // "key": the start of the display name "keyboard hero", inside the username "BigKeys".
    expect(names('key')).toEqual(['BigKeys']);
    // "o" is only inside names: ordered by display name.
    expect(names('o')).toEqual(['BigKeys', 'marco', 'zoe99']);
    // "ma": the start of "Marco Polo" and of "marco", in no other name.
    expect(names('ma')).toEqual(['marco']);
  });

  it('lists everyone by display name when the text is blank, up to the limit', () => {
    expect(names('   ')).toEqual(['typist', 'BigKeys', 'marco', 'speedy_sam', 'zoe99']);
    expect(names('', 2)).toEqual(['typist', 'BigKeys']);
  });

  it('finds nobody for text nobody has', () => {
    expect(names('xyz')).toEqual([]);
  });
});
