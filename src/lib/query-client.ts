/**
 * The app's TanStack Query client and its IndexedDB persister (idb-keyval): whatever a person has
 * seen stays readable offline for a week; a new build starts with an empty cache.
 */
import { QueryClient, type Query } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { shouldRetry } from '../api/client';
import { PERSIST_KEY, takeEarlyRead } from './saved-cache-read';
import { isLoggedIn, isSessionData } from './session-end';

export { PERSIST_KEY };

/** How long the persisted cache is kept; gcTime must be at least this for queries to survive. */
export const PERSIST_MAX_AGE = 7 * 24 * 3600 * 1000;

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

const storage = {
  // The first restore takes the read main.tsx started before the app's modules evaluated.
  getItem: async (key: string) => (await (takeEarlyRead(key) ?? get<string>(key))) ?? null,
  setItem: (key: string, value: string) => set(key, value),
  removeItem: (key: string) => del(key),
};

export const queryPersister = createAsyncStoragePersister({ key: PERSIST_KEY, throttleTime: 1000, storage });

/**
 * The same store without the wait: what is on screen is written the moment the page is hidden or
 * left, so a screen seen for less than the throttle's second is kept too.
 */
const saveNowPersister = createAsyncStoragePersister({ key: PERSIST_KEY, throttleTime: 0, storage });

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

/**
 * Restores the saved cache into `queryClient` (an expired, older-build or unreadable copy is
 * removed; a saved answer replaces one in the cache only when newer), marks what came back stale,
 * then saves every later change; resolves when the restored data is in the cache. A page drawn in
 * the browser renders only then, so screens start from it; a drawn page calls it once hydrated.
 */
export async function restoreSavedQueries(queryClient: QueryClient, persister = queryPersister): Promise<void> {
  const options = {
    queryClient,
    ...persistOptions(queryClient, persister),
  };
  // A drawn page's own answers, when it has them: they keep their freshness unless replaced.
  const before = new Map(
    queryClient
      .getQueryCache()
      .getAll()
      .map((q) => [q, q.state.dataUpdatedAt]),
  );
  try {
    await persistQueryClientRestore(options);
    // Restored data shows at once and is revalidated when its screen mounts: the copy on disk may
    // be days old, or miss a change made in the second before a reload.
    void queryClient.invalidateQueries({
      refetchType: 'none',
      predicate: (q) => before.get(q) !== q.state.dataUpdatedAt,
    });
  } catch {
    // The unreadable copy has been removed: start empty.
  }
  persistQueryClientSubscribe(options);
  // A drawn page's answers came before the subscription: saved now, not only at their next change.
  if (before.size > 0) void persistQueryClientSave(options).catch(() => undefined);
  saveWhenHidden({ ...options, persister: persister === queryPersister ? saveNowPersister : persister });
}

/**
 * Writes the cache at once when the page is hidden (another app, the screen off) or is about to be
 * left (a reload, an address typed). `beforeunload`, not `pagehide`: a write begun as the page
 * unloads is dropped with it, one begun before the next page arrives is kept.
 */
function saveWhenHidden(options: Parameters<typeof persistQueryClientSave>[0]): void {
  if (typeof document === 'undefined') return;
  const save = () => void persistQueryClientSave(options).catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
  window.addEventListener('beforeunload', save);
}

/**
 * Resolves once no query without data is fetching, or after `maxWaitMs`: on a first visit the
 * board's answers are already on their way (preloaded by the page), so the first render can show
 * the rows instead of a loading state followed by a second render. Queries that have data (restored,
 * refreshing in the background) and paused ones (offline) are never waited for.
 */
export function firstAnswers(queryClient: QueryClient, maxWaitMs: number): Promise<void> {
  const cache = queryClient.getQueryCache();
  const waiting = () =>
    cache.findAll({ predicate: (q) => q.state.data === undefined && q.state.fetchStatus === 'fetching' }).length > 0;
  if (!waiting()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxWaitMs);
    const unsubscribe = cache.subscribe(() => {
      if (!waiting()) done();
    });
  });
}
