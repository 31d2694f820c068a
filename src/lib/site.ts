/** GET /api/site: the site time zone, community chat link, data freshness and demo flag. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SiteResponse } from '../../contract/site';
import { DEFAULT_SITE_TIMEZONE } from '../../rules/site-time';
import { apiGet } from './api';
import { setSiteTimezone } from './format';

export const SITE_QUERY_KEY = ['site'] as const;

export function siteQueryOptions() {
  return queryOptions({
    queryKey: SITE_QUERY_KEY,
    queryFn: () => apiGet<SiteResponse>('/api/site'),
    staleTime: 5 * 60_000,
  });
}

/** The site time zone (America/Chicago until /api/site has answered). */
export function useSiteTimezone(): string {
  const { data } = useQuery(siteQueryOptions());
  return data?.timezone ?? DEFAULT_SITE_TIMEZONE;
}

/** Keeps formatCT's zone in step with the cached /api/site answer, restored or fresh. */
export function syncSiteTimezone(queryClient: QueryClient): () => void {
  const apply = () => {
    const site = queryClient.getQueryData<SiteResponse>(SITE_QUERY_KEY);
    if (site?.timezone) setSiteTimezone(site.timezone);
  };
  apply();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === SITE_QUERY_KEY[0]) apply();
  });
}
