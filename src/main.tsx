/**
 * Entry point. Its first import starts reading the saved query cache from IndexedDB while the rest
 * of the script evaluates. Then: the online state, the query cache restored (staff data rules in
 * query-client.ts), the router's first match loaded (the board's loader finds the restored data),
 * and only then the first render, so a saved screen shows in the very first frame and a fresh visit
 * shows no splash. The service worker registers once the page has loaded and the browser is idle.
 */
import './lib/saved-cache-read';
import './lib/first-paint-yield';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { connectOnlineManager } from './lib/online';
import { createQueryClient, restoreSavedQueries } from './lib/query-client';
import { parseSearch, stringifySearch } from './lib/search';
import { watchSession } from './lib/session-end';
import { connectLiveUpdates } from './lib/live-updates';
import { registerServiceWorkerWhenIdle } from './features/app-shell/service-worker';
import { RouteError, RoutePending } from './features/app-shell/route-states';
import { NotFound } from './features/app-shell/not-found';
import './styles/base.css';
import './styles/shell.css';
import './styles/ui.css';
import './styles/mine.css';
import { syncSiteTimezone } from './lib/site';

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
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  registerServiceWorkerWhenIdle();
}

void start();
