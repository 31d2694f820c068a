/**
 * The server's drawing of a page (built by `npm run build` into dist-server/, used by
 * server/http/page-drawing.ts): the app's own routes and components rendered to HTML with the
 * answers the page asks for, so a first visit (no service worker yet) shows the leaderboard's rows
 * before the app's script has arrived. The browser's app draws over it on its first frame, as it
 * does over the service worker's saved drawing (lib/first-paint-yield.ts).
 */
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { sendRequestsWith } from './api/client';
import { setServerMediaMatch } from './lib/use-media-query';
import { parseSearch, stringifySearch } from './lib/search';
import { syncSiteTimezone } from './lib/site';

export interface LoadedPage {
  /** The inner HTML of `#root`, in the phone layout when `narrow`. */
  render: (narrow: boolean) => string;
}

/** How many redirects a drawing follows (`/` goes to the board, the board names its period). */
const MAX_REDIRECTS = 3;

/** Resolves once no query of `queryClient` is fetching. */
async function settled(queryClient: QueryClient): Promise<void> {
  while (queryClient.isFetching() > 0) {
    await new Promise<void>((resolve) => {
      const stop = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() > 0) return;
        stop();
        resolve();
      });
    });
  }
}

/**
 * Loads `url` (path and query) as the app would, its API requests answered by `send`, following
 * its redirects; null when it ends in an error, a not-found, a failed answer or a loop of redirects.
 */
export async function loadPage(url: string, send: typeof fetch): Promise<LoadedPage | null> {
  sendRequestsWith(send);
  // An earlier drawing's failed request must not leave every later one paused as offline.
  onlineManager.setOnline(true);
  let href = url;
  for (let i = 0; i <= MAX_REDIRECTS; i++) {
    // No retries and no timers: the client lives for one drawing.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
    });
    const router = createRouter({
      routeTree,
      context: { queryClient },
      history: createMemoryHistory({ initialEntries: [href] }),
      isServer: true,
      parseSearch,
      stringifySearch,
    });
    await router.load();
    const result = router._serverResult;
    if (result?.type === 'redirect') {
      href = result.redirect.options.href ?? '';
      continue;
    }
    if (result?.type !== 'render' || result.status !== 200) return null;
    // Loaders start the page's requests without waiting for them (api/preload.ts).
    await settled(queryClient);
    // Only a page with all its answers is drawn (never a loading or error state, which would be kept).
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== 'success')
    )
      return null;
    return {
      render: (narrow) => {
        const stopSync = syncSiteTimezone(queryClient);
        setServerMediaMatch(() => narrow);
        try {
          return renderToString(
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>,
          );
        } finally {
          setServerMediaMatch(() => false);
          stopSync();
        }
      },
    };
  }
  return null;
}
