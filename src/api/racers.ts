/**
 * Racers: the username list and the tracked racers with their teams (public lists), a racer's info
 * banner, whole batch history (the compact columns shape: ~1.5 MB for a year instead of ~9 MB of
 * rows) and bests, each under `['racers', username, …]`, and the head-to-head comparison.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BatchColumns } from '../../contract/racers';
import { ApiError, call } from './client';
import { routes } from './routes';
import { preload } from './preload';
import { keys, type CompareSelection } from './keys';
import { racerAwardsQueryOptions } from './hall-of-fame';

/** GET /api/all-usernames: the inspector's and the comparison's pickers. */
export const allUsernamesQueryOptions = () =>
  queryOptions({
    queryKey: keys.usernames,
    queryFn: async () => (await call(routes.allUsernames)).usernames,
    staleTime: 5 * 60_000,
  });

/** GET /api/member-data-latest: every tracked racer with display name and team ("Find yourself", the user form). */
export const membersQueryOptions = () =>
  queryOptions({
    queryKey: keys.members,
    queryFn: () => call(routes.latestMembers),
    staleTime: 5 * 60_000,
  });

/** GET /api/racer-info?username: the info banner. */
export const racerInfoQueryOptions = (username: string) =>
  queryOptions({
    queryKey: keys.racerInfo(username),
    queryFn: () => call(routes.racerInfo, { query: { username } }),
  });

/** GET /api/racer-batches?username&format=columns: the whole history as parallel arrays. */
export const racerBatchesQueryOptions = (username: string) =>
  queryOptions({
    queryKey: keys.racerBatches(username),
    queryFn: async (): Promise<BatchColumns> => {
      const answer = await call(routes.racerBatches, { query: { username, format: 'columns' } });
      // Asked for columns, so the rows shape means a broken answer.
      if (!('columns' in answer)) throw new ApiError(500, 'Server error occurred');
      return answer.columns;
    },
  });

/** GET /api/racer-bests?username: the Bests tab. */
export const racerBestsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: keys.racerBests(username),
    queryFn: () => call(routes.racerBests, { query: { username } }),
  });

/** GET /api/racer-compare?a&b&from&to: the head-to-head page. */
export const racerCompareQueryOptions = (s: CompareSelection) =>
  queryOptions({
    queryKey: keys.compare(s),
    queryFn: () => call(routes.racerCompare, { query: { a: s.a, b: s.b, from: s.from, to: s.to } }),
  });

/** A racer page's data (route loaders, link preloads): the picker's list, the racer's banner and history, their bests on that tab. */
export function preloadRacer(queryClient: QueryClient, username: string | undefined, subtab?: string): void {
  preload(queryClient, allUsernamesQueryOptions());
  if (!username) return;
  preload(queryClient, racerInfoQueryOptions(username));
  preload(queryClient, racerBatchesQueryOptions(username));
  if (subtab === 'bests') {
    preload(queryClient, racerBestsQueryOptions(username));
    preload(queryClient, racerAwardsQueryOptions(username));
  }
}
