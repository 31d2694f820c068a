import { describe, expect, it } from 'vitest';
import { invisibleCharacter, stripBidiControls } from './text-safety.js';

describe('stripBidiControls', () => {
  it('removes every explicit bidi control and nothing else', () => {
    expect(stripBidiControls('Eve\u202egnp.exe')).toBe('Evegnp.exe');
    expect(
      stripBidiControls('\u202aa\u202bb\u202cc\u202dd\u202ee\u2066f\u2067g\u2068h\u2069i\u200ej\u200fk\u061cl'),
    ).toBe('abcdefghijkl');
    // Letters of right-to-left scripts, emoji joined by U+200D and accents stay.
    expect(stripBidiControls('שלום 👩‍💻 café')).toBe('שלום 👩‍💻 café');
  });
});

describe('invisibleCharacter', () => {
  it('names the first invisible, format or control character', () => {
    expect(invisibleCharacter('tool\u200badmin')).toBe('U+200B');
    expect(invisibleCharacter('ad\u202emin')).toBe('U+202E');
    expect(invisibleCharacter('a\tb')).toBe('U+0009');
    expect(invisibleCharacter('a\u00a0b')).toBe('U+00A0');
    expect(invisibleCharacter('soft\u00adhyphen')).toBe('U+00AD');
    expect(invisibleCharacter('filler\u3164')).toBe('U+3164');
    expect(invisibleCharacter('blank\u2800')).toBe('U+2800');
    expect(invisibleCharacter('bom\ufeff')).toBe('U+FEFF');
    expect(invisibleCharacter('x\u{e0041}')).toBe('U+E0041');
  });

  it('accepts visible text with plain spaces', () => {
    for (const ok of ['tooladmin', 'Team Admin', 'José_2', 'Łukasz', 'מנהל', '管理者'])
      expect(invisibleCharacter(ok)).toBeNull();
  });
});
