/**
 * The app's router, made the same way in the browser (main.tsx) and on the server
 * (server-render.tsx). A page drawn on the server carries its query cache: `dehydrate` waits for
 * the page's answers (loaders only start them, api/preload.ts) and hands them over with the layout
 * the server assumed; `hydrate` puts them into the browser's cache before the first render, so
 * the app adopts the server's rows instead of fetching and drawing them again.
 */
import { createRouter } from '@tanstack/react-router';
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { parseSearch, stringifySearch } from './lib/search';
import { setServerMediaMatch } from './lib/use-media-query';
import { setDrawnClock } from './lib/use-minute-clock';
import { RouteError, RoutePending } from './features/app-shell/route-states';
import { NotFound } from './features/app-shell/not-found';

/** What JSON holds: the API's answers are JSON, and so are the query keys. */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** What a server-drawn page hands to the app. */
export interface DrawnState {
  /** The page's queries (`DehydratedState['queries']`), every one with its data. */
  queries: Json;
  /** Whether the server drew the phone layout (the media queries' answer while hydrating). */
  narrow: boolean;
  /** The clock it was drawn at (epoch ms; the app's clock while hydrating, use-minute-clock.ts). */
  drawnAt: number;
}

/** Thrown by the server's dehydrate when an answer failed: such a page is not drawn (never an error state). */
export class IncompletePage extends Error {}

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

export function createAppRouter(
  queryClient: QueryClient,
  server?: { narrow: boolean; nonce: string; drawnAt: number },
) {
  return createRouter({
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
    ...(server && { isServer: true, ssr: { nonce: server.nonce } }),
    dehydrate: async (): Promise<DrawnState> => {
      await settled(queryClient);
      const queries = dehydrate(queryClient, { shouldDehydrateQuery: () => true }).queries;
      if (queries.some((query) => query.state.status !== 'success')) throw new IncompletePage();
      return {
        queries: queries as unknown as Json,
        narrow: server?.narrow ?? false,
        drawnAt: server?.drawnAt ?? Date.now(),
      };
    },
    hydrate: (state: DrawnState) => {
      const queries = state.queries as unknown as DehydratedState['queries'];
      // The first render shows the page's answers alone, as the HTML does: the saved ones come
      // once it is hydrated (main.tsx), newer ones replacing the page's.
      hydrate(queryClient, { queries });
      setServerMediaMatch(() => state.narrow);
      setDrawnClock(state.drawnAt);
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
