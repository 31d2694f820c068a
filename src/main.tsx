/**
 * Entry point. Its first import starts reading the saved query cache from IndexedDB while the rest
 * of the script evaluates; the second lets a saved drawing of the board (lib/first-paint.ts) paint
 * first. Then: the online state, the query cache restored (staff data rules in query-client.ts),
 * the router's first match loaded (the board's loader finds the restored data), a short wait for
 * answers the page preloaded when nothing was saved, and only then the first render: a saved
 * screen shows in the very first frame and a fresh visit shows no splash. The service worker
 * registers once the page has loaded and the browser is idle.
 */
import './lib/saved-cache-read';
import './lib/first-paint-yield';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { connectOnlineManager } from './lib/online';
import { createQueryClient, firstAnswers, restoreSavedQueries } from './lib/query-client';
import { parseSearch, stringifySearch } from './lib/search';
import { watchSession } from './lib/session-end';
import { connectLiveUpdates } from './lib/live-updates';
import { registerServiceWorkerWhenIdle } from './features/app-shell/service-worker';
import { clearBadgeWhenSeen } from './lib/push-device';
import { RouteError, RoutePending } from './features/app-shell/route-states';
import { NotFound } from './features/app-shell/not-found';
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
connectLiveUpdates(queryClient);

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through the query cache, which decides freshness.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

async function start(): Promise<void> {
  await restoreSavedQueries(queryClient);
  // Loaders never wait for data (api/preload.ts), so this resolves once the route's code is ready.
  await router.load().catch(() => undefined);
  // A first visit's board answers were preloaded by the page: a moment's wait saves a render.
  await firstAnswers(queryClient, FIRST_ANSWERS_WAIT_MS);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  registerServiceWorkerWhenIdle();
  clearBadgeWhenSeen();
}

void start();
