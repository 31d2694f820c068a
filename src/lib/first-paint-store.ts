/**
 * Where the app keeps its last leaderboard as drawn (HTML) for the service worker to put into the
 * page before any script runs (sw/first-paint.ts, src/lib/first-paint.ts): one entry in Cache
 * Storage with the address it shows, the entry script it was drawn by (the build) and when.
 * Imported by the service worker too: no imports.
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
