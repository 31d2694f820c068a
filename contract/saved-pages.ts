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

/** How long the app's start waits for the kept page's first frame when none comes (a hidden tab). */
export const APP_START_LATEST_MS = 3000;

/**
 * A kept page as it is stored: its rows paint before the app's script runs.
 * - Its first paint waits until the page's footer (the root layout's `#site-footer`) is parsed.
 *   Parsing a kept page takes no network, and without it Chromium yields to paint the header and
 *   part of the screen, each frame with its own style and layout, before the rows are in the document.
 * - The entry script is preloaded at once but started after the first frame, by a script carrying
 *   the page's nonce. The worker answers it from its precache, often before a long page is parsed,
 *   and a module script that is ready then runs in the same task as the end of parsing, before
 *   any frame: a page of 50 rows showed only after the app had evaluated and hydrated (1.2-1.4 s
 *   instead of 0.6-0.7 s on the throttled phone of the first-rows benchmark).
 * A page without the footer paints when parsing ends; one without a nonce keeps its entry script.
 */
export function withFirstPaintAtContent(html: string): string {
  const held = html.replace('</head>', '<link rel="expect" href="#site-footer" blocking="render"></head>');
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(held);
  const nonce = /<script nonce="([^"]+)"/.exec(held)?.[1];
  if (!entry || !nonce) return held;
  const start =
    `{let started=false;const start=()=>{if(started)return;started=true;` +
    `const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry[1])};` +
    `document.head.append(s)};if(document.hidden)start();` +
    `else{requestAnimationFrame(()=>setTimeout(start));setTimeout(start,${APP_START_LATEST_MS})}}`;
  return held
    .replace(entry[0], () => `<link rel="modulepreload" crossorigin href="${entry[1]}">`)
    .replace(/<\/body>(?![\s\S]*<\/body>)/, () => `<script nonce="${nonce}">${start}</script></body>`);
}
