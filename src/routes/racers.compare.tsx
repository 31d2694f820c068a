/** Head-to-head comparison of two racers over one date range (/racers/compare?a=x&b=y&from=d&to=d). */
import { createFileRoute } from '@tanstack/react-router';
import { ComparePage } from '../features/racers/compare-page';
import { allUsernamesQueryOptions } from '../features/racers/racer-queries';
import { compareSearchSchema } from '../lib/search';

export const Route = createFileRoute('/racers/compare')({
  validateSearch: compareSearchSchema,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(allUsernamesQueryOptions());
  },
  component: CompareRoute,
});

function CompareRoute() {
  const search = Route.useSearch();
  return <ComparePage search={search} />;
}
