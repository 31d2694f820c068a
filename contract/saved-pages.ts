/**
 * The pages the service worker keeps: the server's own drawing of each public screen a person
 * opened (server/http/app-shell.ts marks it), answered at once on a later visit, offline too, and
 * hydrated by the app like a first visit (docs/drawing-and-offline.md). Shared by the app, the
 * service worker and the server: no imports.
 */
export const SAVED_PAGES_CACHE = 'nt-pages';
/** On a drawn page: when the server drew it (epoch ms). Pages without it are never kept. */
export const DRAWN_AT_HEADER = 'X-Drawn-At';
/** As long as the saved query cache (src/lib/query-client.ts PERSIST_MAX_AGE). */
export const SAVED_PAGE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** A page kept this recently is not fetched again: the data changes once per collector poll. */
export const SAVED_PAGE_FRESH_MS = 10 * 60 * 1000;
export const SAVED_PAGES_MAX = 25;

/** The message the app sends its service worker once a screen is shown online and logged out. */
export interface KeepPageMessage {
  type: 'KEEP_PAGE';
  /** The page's path and query. */
  address: string;
}
/** Sent once someone is logged in: no anonymous drawing is answered or kept for them. */
export interface ForgetPagesMessage {
  type: 'FORGET_PAGES';
}

/** The address a page is kept under: `/` (the installed app's start) opens the board (src/routes/index.tsx). */
export function pageAddress(url: URL): string {
  return url.pathname === '/' ? '/leaderboards' : url.pathname + url.search;
}

/** The build's entry script a drawn page loads (the first module script), or null. */
export function entryScriptOf(html: string): string | null {
  return /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1] ?? null;
}

/**
 * A kept page as it is stored: its first paint waits until the page's footer (the root layout's
 * `#site-footer`) is parsed. Parsing a kept page takes no network, and without it Chromium yields
 * to paint the header and part of the screen, each frame with its own style and layout, before the
 * rows are in the document. A page without the footer paints when parsing ends.
 */
export function withFirstPaintAtContent(html: string): string {
  return html.replace('</head>', '<link rel="expect" href="#site-footer" blocking="render"></head>');
}
