/** The site time zone from GET /api/site (src/api/session.ts), for components and for formatCT. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_SITE_TIMEZONE } from '../../rules/site-time';
import { keys } from '../api/keys';
import { siteQueryOptions } from '../api/session';
import { setSiteTimezone } from './format';

/** The site time zone (America/Chicago until /api/site has answered). */
export function useSiteTimezone(): string {
  const { data } = useQuery(siteQueryOptions());
  return data?.timezone ?? DEFAULT_SITE_TIMEZONE;
}

/** The cached site time zone, for route loaders (America/Chicago until /api/site has answered). */
export function cachedSiteTimezone(queryClient: QueryClient): string {
  return queryClient.getQueryData(siteQueryOptions().queryKey)?.timezone ?? DEFAULT_SITE_TIMEZONE;
}

/** Keeps formatCT's zone in step with the cached /api/site answer, restored or fresh. */
export function syncSiteTimezone(queryClient: QueryClient): () => void {
  const apply = () => {
    const site = queryClient.getQueryData(siteQueryOptions().queryKey);
    if (site?.timezone) setSiteTimezone(site.timezone);
  };
  apply();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === keys.site[0]) apply();
  });
}
