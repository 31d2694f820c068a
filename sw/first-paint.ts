/**
 * The service worker's side of the saved first paint (src/lib/first-paint.ts): a navigation to the
 * very address the leaderboard was last drawn at gets the precached index.html with that drawing
 * inside `<div id="root">`, so the rows show before any script has run; the app replaces it with
 * its own rendering on its first frame. Used only when it was drawn by this build (its entry
 * script is the one index.html loads) within the week the saved query cache is kept.
 */
import {
  ADDRESS_HEADER,
  FIRST_PAINT_CACHE,
  FIRST_PAINT_CLASS,
  FIRST_PAINT_ENTRY,
  FIRST_PAINT_MAX_AGE,
  SAVED_AT_HEADER,
  SCRIPT_HEADER,
} from '../src/lib/first-paint-store';

const ROOT = '<div id="root"></div>';

/** `shell` (the app's index.html) with the saved first paint of `request`'s address, when there is one. */
export async function withFirstPaint(request: Request, shell: Response): Promise<Response> {
  try {
    const saved = await caches.match(FIRST_PAINT_ENTRY, { cacheName: FIRST_PAINT_CACHE });
    if (!saved || !shell.ok) return shell;
    const url = new URL(request.url);
    const savedAt = Number(saved.headers.get(SAVED_AT_HEADER));
    const script = saved.headers.get(SCRIPT_HEADER);
    if (saved.headers.get(ADDRESS_HEADER) !== url.pathname + url.search) return shell;
    if (!(Date.now() - savedAt <= FIRST_PAINT_MAX_AGE) || !script) return shell;
    const html = await shell.clone().text();
    if (!html.includes(`src="${script}"`) || !html.includes(ROOT)) return shell;
    const painted = `<div id="root"><div class="${FIRST_PAINT_CLASS}" aria-busy="true">${await saved.text()}</div></div>`;
    const headers = new Headers(shell.headers);
    headers.delete('Content-Length');
    headers.delete('Content-Encoding');
    return new Response(html.replace(ROOT, painted), { status: shell.status, headers });
  } catch {
    return shell;
  }
}
