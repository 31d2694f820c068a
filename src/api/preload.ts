/**
 * Route loaders start fetching what their screen shows, so following a link (or hovering it: the
 * router preloads on intent) starts the data too. They never wait for it: offline a query pauses
 * instead of failing, and each screen shows its own loading, offline and error states.
 */
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** Fetches a query that has no data or stale data, without waiting; a failure shows on its screen. */
export function preload<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<Data, Error, Data, Key>,
): void {
  queryClient.ensureQueryData({ ...options, revalidateIfStale: true }).catch(() => undefined);
}
