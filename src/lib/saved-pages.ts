/**
 * The app's side of the saved pages (sw/saved-pages.ts): a few seconds after a screen is shown
 * (or as the page is hidden or left, if sooner), online and logged out, the service worker is asked
 * to keep the server's drawing of its address,
 * which it then answers the next visit with, offline too. The moment someone logs in the kept pages
 * are dropped, so no anonymous drawing is shown over a staff view. A browser asking to save data
 * (Save-Data) keeps none: each kept page is one more download of the screen.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { ForgetPagesMessage, KeepPageMessage } from '../../contract/saved-pages';
import type { AppRouter } from '../router';
import { isLoggedIn } from './session-end';

/** How long a screen stays shown before it is kept: paging or filtering quickly keeps only the last. */
const KEEP_AFTER_MS = 3000;

async function tell(message: KeepPageMessage | ForgetPagesMessage): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage(message);
}

/** Chromium's Network Information API; other browsers have none. */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

export function keepShownPages(router: AppRouter, queryClient: QueryClient): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || savesData()) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let keep: (() => void) | undefined;
  const keepSoon = () => {
    clearTimeout(timer);
    const address = location.pathname + location.search;
    keep = () => {
      keep = undefined;
      if (isLoggedIn(queryClient)) void tell({ type: 'FORGET_PAGES' }).catch(() => undefined);
      else if (onlineManager.isOnline() && location.pathname + location.search === address)
        void tell({ type: 'KEEP_PAGE', address }).catch(() => undefined);
    };
    timer = setTimeout(keep, KEEP_AFTER_MS);
  };
  // The last screen is kept when the page is hidden or left before its few seconds were up.
  const keepNow = () => {
    clearTimeout(timer);
    keep?.();
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keepNow();
  });
  window.addEventListener('beforeunload', keepNow);
  router.subscribe('onResolved', keepSoon);
  keepSoon();
  // Logged in: the kept pages go at once, so the next visit is never a drawing made for nobody.
  let loggedIn = isLoggedIn(queryClient);
  queryClient.getQueryCache().subscribe(() => {
    const now = isLoggedIn(queryClient);
    if (now && !loggedIn) void tell({ type: 'FORGET_PAGES' }).catch(() => undefined);
    loggedIn = now;
  });
}
