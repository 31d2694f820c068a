/**
 * Entry point. Its first import starts reading the saved query cache from IndexedDB while the rest
 * of the script evaluates. Then the online state, and the first render, one of two ways (staff
 * data rules of the restored cache in query-client.ts):
 * - a page the server drew (the router's hydration data is in the page: a first visit, or a page
 *   the service worker kept, lib/saved-pages.ts) is hydrated with its own answers alone, as its
 *   HTML shows them; the saved query cache is restored once that is done (newer answers win);
 * - otherwise (offline, a staff visit, a page the server did not draw) the router's first match is
 *   loaded (the loaders find the restored data) with a short wait for answers on their way, and
 *   then rendered: a saved screen shows in the very first frame.
 * The service worker registers once the page has loaded and the browser is idle.
 */
import './lib/saved-cache-read';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { connectOnlineManager } from './lib/online';
import { createQueryClient, firstAnswers, restoreSavedQueries } from './lib/query-client';
import { watchSession } from './lib/session-end';
import { connectLiveUpdates } from './lib/live-updates';
import { registerServiceWorkerWhenIdle } from './features/app-shell/service-worker';
import { clearBadgeWhenSeen } from './lib/push-device';
import { createAppRouter } from './router';
import { keepShownPages } from './lib/saved-pages';
import { stopNotingTaps, tapAgain } from './lib/early-taps';
import { appRendered } from './lib/app-rendered';
import { keys } from './api/keys';
import './styles/base.css';
import './styles/shell.css';
import './styles/ui.css';
import './styles/mine.css';
import { syncSiteTimezone } from './lib/site';
import { watchTheme } from './lib/theme';

// The inline script of index.html set the theme already; this adds the status bar colour and follows the system.
watchTheme();

/** How long the first render waits for answers already on their way (never for saved data). */
const FIRST_ANSWERS_WAIT_MS = 300;

connectOnlineManager();
const queryClient = createQueryClient();
syncSiteTimezone(queryClient);
watchSession(queryClient);
/** Whether the server drew this page: its router state came with it (TanStack Router's `$_TSR`). */
function drawnByServer(): boolean {
  return '$_TSR' in window;
}

/** The data version a page the server drew shows (server/http/app-shell.ts), else null. */
function drawnVersion(): number | null {
  const version = Number(document.getElementById('root')?.dataset.version ?? NaN);
  return drawnByServer() && Number.isInteger(version) ? version : null;
}

connectLiveUpdates(queryClient, { shownVersion: drawnVersion() });
const router = createAppRouter(queryClient);

/** Whether the service worker answered this page (a kept page, when drawn): its navigation went through it. */
function answeredByServiceWorker(): boolean {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return (navigation?.workerStart ?? 0) > 0;
}

/**
 * Runs `then` once React has hydrated or rendered the page: the root layout has rendered (a drawn
 * page's hydration first waits for the route's code, and the thread is idle meanwhile), then React
 * hydrates in back-to-back tasks, so the thread is first idle once it is done (however slow the
 * phone). Sooner when the person goes to another screen or leaves the page, and after 10 s at the latest. The
 * document says so then: `<html data-app="ready">` (the browser tests wait for it before they tap).
 */
function afterFirstRender(then: () => Promise<void>): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    stopNavigation();
    document.documentElement.dataset.app = 'ready';
    void then().catch(() => undefined);
  };
  const stopNavigation = router.subscribe('onBeforeNavigate', run);
  // Hidden or about to be left before then: the page's answers are saved now (restoring first), not lost.
  window.addEventListener('beforeunload', run);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') run();
  });
  void appRendered.then(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run);
  });
  setTimeout(run, 10_000);
}

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  // Taps before now: on a drawn page React replays those that come once it hydrates, and these
  // are tapped again once it has (lib/early-taps.ts); on the plain page there was nothing to tap.
  const earlyTaps = stopNotingTaps();
  const app = (router: ReactNode) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{router}</QueryClientProvider>
    </StrictMode>
  );
  if (drawnByServer()) {
    // Inside a Suspense boundary as on the server (server-render.tsx), with the page's answers
    // alone (router.ts): the saved ones come once it is hydrated, where newer.
    hydrateRoot(
      root,
      app(
        <Suspense fallback={null}>
          <RouterClient router={router} />
        </Suspense>,
      ),
    );
    afterFirstRender(async () => {
      tapAgain(earlyTaps);
      await restoreSavedQueries(queryClient);
      // A kept page was drawn for nobody in particular, maybe before this person logged in.
      if (answeredByServiceWorker()) await queryClient.invalidateQueries({ queryKey: keys.me });
    });
  } else {
    await restoreSavedQueries(queryClient);
    // Loaders never wait for data (api/preload.ts), so this resolves once the route's code is ready.
    await router.load().catch(() => undefined);
    await firstAnswers(queryClient, FIRST_ANSWERS_WAIT_MS);
    createRoot(root).render(app(<RouterProvider router={router} />));
    afterFirstRender(async () => undefined);
  }
  registerServiceWorkerWhenIdle();
  keepShownPages(router, queryClient);
  clearBadgeWhenSeen();
}

void start();
