/**
 * Entry point: connects the online state, restores the persisted query cache from IndexedDB, then
 * renders the router (a small splash shows meanwhile), and registers the service worker.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useIsRestoring } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { connectOnlineManager } from './lib/online';
import { createQueryClient, persistOptions } from './lib/query-client';
import { parseSearch, stringifySearch } from './lib/search';
import { watchSession } from './lib/session-end';
import { connectLiveUpdates } from './lib/live-updates';
import { registerServiceWorker } from './features/app-shell/service-worker';
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

function Splash() {
  return (
    <div className="splash" role="status" aria-live="polite">
      <img src="/icon-192.png" width={72} height={72} alt="" />
      <span>Loading NT Team Stats…</span>
    </div>
  );
}

/** Renders the router only once the persisted cache is back, so screens start from it. */
function App() {
  const restoring = useIsRestoring();
  return restoring ? <Splash /> : <RouterProvider router={router} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions(queryClient)}
      // Restored data shows at once and is revalidated when its screen mounts: the copy on disk may
      // be days old, or miss a change made in the second before a reload.
      onSuccess={() => queryClient.invalidateQueries({ refetchType: 'none' })}
    >
      <App />
    </PersistQueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
