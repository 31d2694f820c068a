/**
 * The drawing of its last leaderboard the app keeps for the service worker to put into the page on
 * a later visit (sw/first-paint.ts, src/lib/first-paint.ts), shown before any script runs and
 * replaced by the app on its first frame: one entry in Cache Storage with the address it shows,
 * the entry script it was drawn by (the build) and when. Imported by the service worker: no imports.
 */
export const FIRST_PAINT_CACHE = 'nt-first-paint';
export const FIRST_PAINT_ENTRY = '/first-paint.html';
/** As long as the saved query cache it was drawn from (query-client.ts PERSIST_MAX_AGE). */
export const FIRST_PAINT_MAX_AGE = 7 * 24 * 3600 * 1000;
export const ADDRESS_HEADER = 'X-Address';
export const SCRIPT_HEADER = 'X-Entry-Script';
export const SAVED_AT_HEADER = 'X-Saved-At';
/** The class of the element that holds a saved first paint until the app draws its own. */
export const FIRST_PAINT_CLASS = 'first-paint';

export interface SavedFirstPaint {
  /** The path and query it was drawn at. */
  address: string;
  /** The entry script of the build that drew it (the `src` index.html loads). */
  script: string;
  savedAt: number;
  /** The inner HTML of `#root`. */
  html: string;
}

const ROOT = '<div id="root"></div>';

/**
 * The app's index.html with a saved drawing inside its root, or null when the drawing does not fit:
 * another address (path and query exactly; `/` is `/leaderboards`), another build, older than
 * FIRST_PAINT_MAX_AGE.
 */
export function withSavedDrawing(indexHtml: string, saved: SavedFirstPaint, url: URL, now: number): string | null {
  // `/` (the installed app's start) opens the board without a query (src/routes/index.tsx).
  const address = url.pathname === '/' ? '/leaderboards' : url.pathname + url.search;
  if (saved.address !== address) return null;
  if (!(now - saved.savedAt >= 0 && now - saved.savedAt <= FIRST_PAINT_MAX_AGE)) return null;
  if (!saved.script || !indexHtml.includes(`src="${saved.script}"`)) return null;
  if (!indexHtml.includes(ROOT)) return null;
  return indexHtml.replace(
    ROOT,
    () => `<div id="root"><div class="${FIRST_PAINT_CLASS}" aria-busy="true">${saved.html}</div></div>`,
  );
}
