/**
 * Entry point. Its first import starts reading the saved query cache from IndexedDB while the rest
 * of the script evaluates; the second lets a saved drawing of the board (lib/first-paint.ts) paint
 * first. Then: the online state, the query cache restored (staff data rules in
 * query-client.ts), and the first render, one of two ways:
 * - a page the server drew (a first visit: the router's hydration data is in the page) is
 *   hydrated: the app adopts the server's rows;
 * - otherwise (offline, a staff visit, a page the server did not draw) the router's first match is
 *   loaded (the loaders find the restored data) with a short wait for answers on their way, and
 *   then rendered: a saved screen shows in the very first frame.
 * The service worker registers once the page has loaded and the browser is idle.
 */
import './lib/saved-cache-read';
import './lib/first-paint-yield';
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

async function start(): Promise<void> {
  const root = document.getElementById('root')!;
  const app = (router: ReactNode) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{router}</QueryClientProvider>
    </StrictMode>
  );
  await restoreSavedQueries(queryClient);
  if (drawnByServer()) {
    // Inside a Suspense boundary as on the server (server-render.tsx). The router's hydrate puts
    // the page's answers over the saved copies just restored (router.ts).
    hydrateRoot(
      root,
      app(
        <Suspense fallback={null}>
          <RouterClient router={router} />
        </Suspense>,
      ),
    );
  } else {
    // Loaders never wait for data (api/preload.ts), so this resolves once the route's code is ready.
    await router.load().catch(() => undefined);
    await firstAnswers(queryClient, FIRST_ANSWERS_WAIT_MS);
    createRoot(root).render(app(<RouterProvider router={router} />));
  }
  registerServiceWorkerWhenIdle();
  clearBadgeWhenSeen();
}

void start();
