/**
 * The app's TanStack Query client and its IndexedDB persister (idb-keyval): whatever a person has
 * seen stays readable offline for a week; a new build starts with an empty cache.
 */
import { QueryClient, type Query } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { shouldRetry } from '../api/client';
import { isLoggedIn, isSessionData } from './session-end';

/** How long the persisted cache is kept; gcTime must be at least this for queries to survive. */
export const PERSIST_MAX_AGE = 7 * 24 * 3600 * 1000;
export const PERSIST_KEY = 'nt-team-stats:query-cache';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: PERSIST_MAX_AGE,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
        // Offline (lib/online.ts) a fetch waits for the connection instead of failing.
        networkMode: 'online',
      },
    },
  });
}

/**
 * What goes to IndexedDB: every query with data, also one whose last refresh failed (TanStack's
 * default keeps only successful ones, so one failed refetch used to drop a screen's saved copy);
 * staff data only while someone is logged in.
 */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>, loggedIn: boolean): boolean {
  if (query.state.data === undefined) return false;
  return loggedIn || !isSessionData(query.queryKey);
}

export const queryPersister = createAsyncStoragePersister({
  key: PERSIST_KEY,
  throttleTime: 1000,
  storage: {
    getItem: async (key) => (await get<string>(key)) ?? null,
    setItem: (key, value) => set(key, value),
    removeItem: (key) => del(key),
  },
});

/** The options of PersistQueryClientProvider: the persister, the week, the build id and the rule above. */
export function persistOptions(
  queryClient: QueryClient,
  persister = queryPersister,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: PERSIST_MAX_AGE,
    buster: typeof __BUILD_ID__ === 'undefined' ? 'test' : __BUILD_ID__,
    dehydrateOptions: { shouldDehydrateQuery: (query) => shouldPersistQuery(query, isLoggedIn(queryClient)) },
  };
}
