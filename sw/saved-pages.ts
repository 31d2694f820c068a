/**
 * The service worker's saved pages (contract/saved-pages.ts): the server's drawing of each public
 * screen a person opened, kept when the app asks (`keepPage`, after the screen showed online and
 * logged out), and answered at once to the next navigation to that address (`savedPage`), offline
 * too: the rows show before any script runs and the app hydrates them as on a first visit.
 * Only this build's pages (their entry script is precached when kept; a new worker drops them all),
 * within a week, the last 25.
 */
import { CacheExpiration } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import {
  DRAWN_AT_HEADER,
  entryScriptOf,
  pageAddress,
  SAVED_PAGE_FRESH_MS,
  SAVED_PAGE_MAX_AGE_MS,
  SAVED_PAGES_CACHE,
  SAVED_PAGES_MAX,
  withFirstPaintAtContent,
} from '../contract/saved-pages';

const expiration = new CacheExpiration(SAVED_PAGES_CACHE, {
  maxEntries: SAVED_PAGES_MAX,
  maxAgeSeconds: SAVED_PAGE_MAX_AGE_MS / 1000,
});

function keyOf(address: string): string {
  return new URL(address, self.location.origin).href;
}

function drawnAt(response: Response): number {
  return Number(response.headers.get(DRAWN_AT_HEADER));
}

async function saved(address: string): Promise<Response | undefined> {
  const cache = await caches.open(SAVED_PAGES_CACHE);
  return cache.match(keyOf(address), { ignoreVary: true, ignoreSearch: false });
}

/**
 * The answer to a navigation from the saved pages, or undefined (the app's shell answers then).
 * `/` is answered with a redirect to the board when the board is saved, so the app hydrates the
 * address the page was drawn at.
 */
export async function savedPage(request: Request, now: number): Promise<Response | undefined> {
  const url = new URL(request.url);
  const address = pageAddress(url);
  const page = await saved(address);
  if (!page) return undefined;
  const age = now - drawnAt(page);
  if (!(age >= 0 && age <= SAVED_PAGE_MAX_AGE_MS)) return undefined;
  if (url.pathname === '/') return Response.redirect(keyOf(address), 302);
  return page;
}

/** Fetches and keeps the server's drawing of `address`, unless a recent one is kept already. */
export async function keepPage(address: string, now: number): Promise<void> {
  const key = keyOf(address);
  if (new URL(key).origin !== self.location.origin) return;
  const kept = await saved(address);
  if (kept && now - drawnAt(kept) < SAVED_PAGE_FRESH_MS) return;
  const response = await fetch(key, {
    credentials: 'same-origin',
    headers: { Accept: 'text/html' },
    // Behind the screen's own requests on a weak signal.
    priority: 'low',
  } as RequestInit);
  // Only a page the server drew: never the plain shell (a staff visit, a busy server) or an error.
  if (response.status !== 200 || response.redirected || !(drawnAt(response) > 0)) return;
  // Only this build's page: another build's would load scripts this worker does not keep. (A new
  // worker drops every kept page as it takes over: sw.ts.)
  const html = await response.text();
  const script = entryScriptOf(html);
  if (!script || !(await matchPrecache(script))) return;
  const cache = await caches.open(SAVED_PAGES_CACHE);
  // Its body is new: the length and encoding of the answer as it came no longer describe it.
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  await cache.put(key, new Response(withFirstPaintAtContent(html), { status: 200, headers }));
  await expiration.updateTimestamp(key);
  await expiration.expireEntries();
}

export async function forgetPages(): Promise<void> {
  await caches.delete(SAVED_PAGES_CACHE);
  await expiration.delete();
}
