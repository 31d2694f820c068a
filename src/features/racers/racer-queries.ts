/**
 * Query options of the racer inspector: the username list, a racer's info banner and their whole
 * batch history (the compact columns shape: ~1.5 MB for a year instead of ~9 MB of rows).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AllUsernamesResponse,
  BatchColumns,
  RacerBatchColumnsResponse,
  RacerInfo,
} from '../../../contract/racers';
import { ApiError, apiGet } from '../../lib/api';
import { racerInfoQueryKey } from '../../lib/bot-flag';

export function allUsernamesQueryOptions() {
  return queryOptions({
    queryKey: ['all-usernames'] as const,
    queryFn: async () => (await apiGet<AllUsernamesResponse>('/api/all-usernames')).usernames,
    staleTime: 5 * 60_000,
  });
}

export function racerInfoQueryOptions(username: string) {
  return queryOptions({
    // Shared: a bot flag from the roster or the banner refreshes it.
    queryKey: racerInfoQueryKey(username),
    queryFn: () => apiGet<RacerInfo>('/api/racer-info', { username }),
  });
}

export function racerBatchesQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['racer-batches', { username, format: 'columns' }] as const,
    queryFn: async (): Promise<BatchColumns> =>
      (await apiGet<RacerBatchColumnsResponse>('/api/racer-batches', { username, format: 'columns' })).columns,
  });
}

/** Starts loading a racer's screens (route loaders, link preloads) without waiting for it. */
export function prefetchRacer(queryClient: QueryClient, username: string | undefined): void {
  void queryClient.prefetchQuery(allUsernamesQueryOptions());
  if (!username) return;
  void queryClient.prefetchQuery(racerInfoQueryOptions(username));
  void queryClient.prefetchQuery(racerBatchesQueryOptions(username));
}

/**
 * Spec §8: the server's error text when it answered one (unknown racer), else the fixed failure
 * text ("Failed to fetch racer info", "Failed to fetch batch data").
 */
export function racerErrorText(error: unknown, failure: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return failure;
}
