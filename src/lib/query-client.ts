/**
 * The app's TanStack Query client and its IndexedDB persister (idb-keyval): whatever a person has
 * seen stays readable offline for a week; a new build starts with an empty cache.
 */
import { QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { del, get, set } from 'idb-keyval';
import { shouldRetry } from './api';

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
      },
    },
  });
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
