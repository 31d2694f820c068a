/** Health (/health?tag): roster health, strike history and membership log of the selected team. */
import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../../api/preload';
import { membershipLogQueryOptions, rosterHealthQueryOptions, strikeHistoryQueryOptions } from '../../api/teams';
import { HealthPage } from '../../features/roster/health-page';

export const Route = createFileRoute('/_team/health')({
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context: { queryClient }, deps: { tag } }) => {
    if (!tag) return;
    preload(queryClient, rosterHealthQueryOptions(tag));
    preload(queryClient, membershipLogQueryOptions(tag));
    preload(queryClient, strikeHistoryQueryOptions(tag));
  },
  component: HealthRoute,
});

function HealthRoute() {
  const { tag } = Route.useSearch();
  return <HealthPage tag={tag} />;
}
