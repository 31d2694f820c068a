/** Head-to-head comparison of two racers over one date range (/racers/compare?a=x&b=y&from=d&to=d). */
import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../api/preload';
import { allUsernamesQueryOptions, racerCompareQueryOptions } from '../api/racers';
import { todayKey } from '../../rules/site-time';
import { ComparePage } from '../features/racers/compare-page';
import { compareRange } from '../features/racers/racer-pages';
import { compareSearchSchema } from '../lib/search';
import { cachedSiteTimezone } from '../lib/site';

export const Route = createFileRoute('/racers/compare')({
  validateSearch: compareSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps: { a, b, from, to } }) => {
    preload(queryClient, allUsernamesQueryOptions());
    if (!a || !b) return;
    // The range the page shows: the address's, or the last 30 days when it has none or a bad one.
    const range = compareRange(from, to, todayKey(Date.now(), cachedSiteTimezone(queryClient)));
    preload(queryClient, racerCompareQueryOptions({ a, b, from: range.from, to: range.to }));
  },
  component: CompareRoute,
});

function CompareRoute() {
  const search = Route.useSearch();
  return <ComparePage search={search} />;
}
