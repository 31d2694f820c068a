/** Login state (GET /api/me) and the team a teamadmin manages (GET /api/my-team-tag). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse, MyTeamTagResponse } from '../../contract/auth';
import { ApiError, apiGet } from './api';

export const ME_QUERY_KEY = ['me'] as const;

export const LOGGED_OUT: MeResponse = { logged_in: false, username: null, role: null };

/**
 * A failed call means logged out (spec §8); no answer at all (offline) is no news, so a staff
 * member who reloads offline still sees who they are.
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: () =>
      apiGet<MeResponse>('/api/me').catch((error: unknown): MeResponse => {
        if (error instanceof ApiError && error.status === 0) throw error;
        return LOGGED_OUT;
      }),
    staleTime: 60_000,
  });
}

export function useMe(): MeResponse {
  return useQuery(meQueryOptions()).data ?? LOGGED_OUT;
}

export function myTeamTagQueryOptions() {
  return queryOptions({
    queryKey: ['my-team-tag'] as const,
    queryFn: () => apiGet<MyTeamTagResponse>('/api/my-team-tag'),
  });
}
