/**
 * Characters that change how text around them looks without being seen themselves: bidirectional
 * controls (U+202E makes "gnp.exe" show as "exe.png") and invisible or control characters (a
 * `tool\u200badmin` that looks like `tooladmin`). Used by the collector (names from the game lose
 * their bidi controls), the Discord messages, and the staff username rule (contract/users.ts).
 */

/**
 * The explicit bidirectional formatting characters: ALM, LRM, RLM, the embeddings and overrides
 * (LRE, RLE, PDF, LRO, RLO) and the isolates (LRI, RLI, FSI, PDI).
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `s` without bidirectional controls: the text then reads as its own letters say. */
export function stripBidiControls(s: string): string {
  return s.replace(BIDI_CONTROLS, '');
}

/**
 * Control (Cc) and format (Cf) characters, line and paragraph separators, code points ignored when
 * drawn (zero-width spaces and joiners, soft hyphen, Hangul fillers, variation selectors...),
 * lone surrogates, private-use and unassigned code points, the braille blank, and every space other than U+0020.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\u2800]|[^\P{Zs} ]/u;

/** The first invisible, formatting or control character of `s` as `U+XXXX`, or null when it has none. */
export function invisibleCharacter(s: string): string | null {
  const found = INVISIBLE.exec(s);
  if (!found) return null;
  return `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
