/**
 * "Find yourself": matches racers by display name or username, without regard to case or accents,
 * best matches first (a whole name, then a name starting with the text, then a word of it, then
 * anywhere), then by display name. (The racer inspector's username filter stays case-sensitive,
 * as the spec has it: username-filter.ts.)
 */

export interface SearchableRacer {
  Username: string;
  CurrentDisplayName: string;
}

/** Lower case without accents or surrounding space: "  Zoë " → "zoe". */
export function foldText(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** 0 a whole-name match, 1 a prefix, 2 a word prefix, 3 anywhere; null no match. */
function score(name: string, q: string): number | null {
  const n = foldText(name);
  if (n === q) return 0;
  if (n.startsWith(q)) return 1;
  const at = n.indexOf(q);
  if (at < 0) return null;
  return /[^\p{L}\p{N}]/u.test(n[at - 1] ?? '') ? 2 : 3;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The racers matching `text` (all of them, by display name, when it is blank), at most `limit`. */
export function searchRacers<R extends SearchableRacer>(racers: readonly R[], text: string, limit = 20): R[] {
  const q = foldText(text);
  const scored: { r: R; s: number }[] = [];
  for (const r of racers) {
    if (!q) {
      scored.push({ r, s: 0 });
      continue;
    }
    const a = score(r.CurrentDisplayName, q);
    const b = score(r.Username, q);
    const s = a === null ? b : b === null ? a : Math.min(a, b);
    if (s !== null) scored.push({ r, s });
  }
  scored.sort(
    (x, y) =>
      x.s - y.s ||
      byName.compare(x.r.CurrentDisplayName, y.r.CurrentDisplayName) ||
      byName.compare(x.r.Username, y.r.Username),
  );
  return scored.slice(0, limit).map((x) => x.r);
}
