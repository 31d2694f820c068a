/**
 * The service worker's side of the saved first paint (src/lib/first-paint.ts): a navigation to the
 * very address the leaderboard was last drawn at gets the precached index.html with that drawing
 * inside `<div id="root">` (`withSavedDrawing`: this build's drawing, within a week), so the rows
 * show before any script has run; the app replaces it with its own rendering on its first frame.
 */
import {
  ADDRESS_HEADER,
  FIRST_PAINT_CACHE,
  FIRST_PAINT_ENTRY,
  SAVED_AT_HEADER,
  SCRIPT_HEADER,
  withSavedDrawing,
} from '../contract/first-paint';

/** `shell` (the app's index.html) with the saved drawing of `request`'s address, when there is one. */
export async function withFirstPaint(request: Request, shell: Response): Promise<Response> {
  try {
    const saved = await caches.match(FIRST_PAINT_ENTRY, { cacheName: FIRST_PAINT_CACHE });
    if (!saved || !shell.ok) return shell;
    const html = withSavedDrawing(
      await shell.clone().text(),
      {
        address: saved.headers.get(ADDRESS_HEADER) ?? '',
        script: saved.headers.get(SCRIPT_HEADER) ?? '',
        savedAt: Number(saved.headers.get(SAVED_AT_HEADER)),
        html: await saved.text(),
      },
      new URL(request.url),
      Date.now(),
    );
    if (html === null) return shell;
    const headers = new Headers(shell.headers);
    headers.delete('Content-Length');
    headers.delete('Content-Encoding');
    return new Response(html, { status: shell.status, headers });
  } catch {
    return shell;
  }
}
