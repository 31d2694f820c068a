/** Login state (GET /api/me), the team a teamadmin manages (GET /api/my-team-tag) and the site settings (GET /api/site). */
import { queryOptions } from '@tanstack/react-query';
import type { MeResponse } from '../../contract/auth';
import { ApiError, call } from './client';
import { routes } from './routes';
import { keys } from './keys';

export const LOGGED_OUT: MeResponse = { logged_in: false, username: null, role: null };

/**
 * A failed call means logged out (docs/product.md §8); no answer at all (offline) is no news, so a staff
 * member who reloads offline still sees who they are.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: keys.me,
    queryFn: () =>
      call(routes.me).catch((error: unknown): MeResponse => {
        if (error instanceof ApiError && error.status === 0) throw error;
        return LOGGED_OUT;
      }),
    staleTime: 60_000,
  });

/** Staff data: the team granted to a teamadmin. */
export const myTeamTagQueryOptions = () =>
  queryOptions({ queryKey: keys.myTeamTag, queryFn: () => call(routes.myTeamTag) });

/** The site time zone, community chat link, data freshness and demo flag. */
export const siteQueryOptions = () =>
  queryOptions({
    queryKey: keys.site,
    queryFn: () => call(routes.site),
    staleTime: 5 * 60_000,
  });
