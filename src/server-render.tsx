/**
 * A page drawn on the server (built by `npm run build` into dist-server/, used by
 * server/http/page-drawing.ts) through TanStack Router's SSR entry points: the app's own routes
 * and components with the answers of the server's own API, and the query cache dehydrated into the
 * page (router.ts), which the browser's app hydrates (main.tsx).
 */
import { Suspense } from 'react';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import { sendRequestsWith } from './api/client';
import { setServerMediaMatch } from './lib/use-media-query';
import { setDrawnClock } from './lib/use-minute-clock';
import { syncSiteTimezone } from './lib/site';
import { createAppRouter } from './router';

export interface DrawRequest {
  /** The page's address: origin, path and query. */
  url: string;
  /** The phone layout (the tables' column order). */
  narrow: boolean;
  /** The nonce the page's Content-Security-Policy allows its inline scripts by. */
  nonce: string;
  /** The clock the page is drawn at (epoch ms): its relative times and windows, and the app's while hydrating. */
  drawnAt: number;
  /** How the app's API requests are answered (the server's own routes, in-process). */
  send: typeof fetch;
}

/**
 * The page as a Response: the inner HTML of `#root` (the hydration scripts included) with the
 * page's status (404 for an unknown address), or a redirect (`/` goes to the board, the board names
 * its period). Rejects when an answer failed (router.ts IncompletePage): only complete pages are drawn.
 */
export async function drawPage({ url, narrow, nonce, drawnAt, send }: DrawRequest): Promise<Response> {
  sendRequestsWith(send);
  // An earlier drawing's failed request must not leave every later one paused as offline.
  onlineManager.setOnline(true);
  // No retries and no timers: the client lives for one drawing.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  const handler = createRequestHandler({
    request: new Request(url),
    createRouter: () => createAppRouter(queryClient, { narrow, nonce, drawnAt }),
  });
  return handler(({ router, responseHeaders }) => {
    const stopSync = syncSiteTimezone(queryClient);
    setServerMediaMatch(() => narrow);
    setDrawnClock(drawnAt);
    try {
      // renderToString runs within this call; the layout, clock and time zone are the page's only while it does.
      return renderRouterToString({
        router,
        responseHeaders,
        children: (
          <QueryClientProvider client={queryClient}>
            {/* The browser's app hydrates inside the same boundary (main.tsx). */}
            <Suspense fallback={null}>
              <RouterServer router={router} />
            </Suspense>
          </QueryClientProvider>
        ),
      });
    } finally {
      setServerMediaMatch(() => false);
      setDrawnClock(null);
      stopSync();
    }
  });
}
