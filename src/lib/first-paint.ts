/**
 * The app's side of the saved first paint: after the leaderboard has drawn its rows, its HTML (the
 * whole page: navigation, board, footer) is kept in Cache Storage with its address and the build's
 * entry script, so the service worker can answer the next visit to that address with the rows in
 * the HTML (sw/first-paint.ts). The app then draws over it with its own restored data. Kept only
 * while nobody is logged in, so no staff view is ever saved; dropped as soon as someone is.
 */
import {
  ADDRESS_HEADER,
  FIRST_PAINT_CACHE,
  FIRST_PAINT_ENTRY,
  SAVED_AT_HEADER,
  SCRIPT_HEADER,
} from '../../contract/first-paint';

function supported(): boolean {
  return import.meta.env.PROD && typeof caches !== 'undefined';
}

/** Saves the page as it is now, for its current address. */
export async function saveFirstPaint(): Promise<void> {
  if (!supported()) return;
  const root = document.getElementById('root');
  const script = document.querySelector('script[type="module"][src]')?.getAttribute('src');
  if (!root || !script) return;
  // The page's CSP allows no style attributes in HTML (React sets its styles through the DOM).
  const copy = root.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[style]').forEach((el) => el.removeAttribute('style'));
  const cache = await caches.open(FIRST_PAINT_CACHE);
  await cache.put(
    FIRST_PAINT_ENTRY,
    new Response(copy.innerHTML, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        [ADDRESS_HEADER]: location.pathname + location.search,
        [SCRIPT_HEADER]: script,
        [SAVED_AT_HEADER]: String(Date.now()),
      },
    }),
  );
}

export async function forgetFirstPaint(): Promise<void> {
  if (!supported()) return;
  await caches.delete(FIRST_PAINT_CACHE);
}

/** Saves the page once the browser is idle (after this frame is painted); returns the cancel. */
export function saveFirstPaintWhenIdle(): () => void {
  const save = () => void saveFirstPaint().catch(() => undefined);
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(save, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(save, 500);
  return () => clearTimeout(id);
}
