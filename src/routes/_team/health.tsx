/** Health (/health?tag): roster health and membership log of the selected team. */
import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../../api/preload';
import { membershipLogQueryOptions, rosterHealthQueryOptions } from '../../api/teams';
import { HealthPage } from '../../features/roster/health-page';

export const Route = createFileRoute('/_team/health')({
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context: { queryClient }, deps: { tag } }) => {
    if (!tag) return;
    preload(queryClient, rosterHealthQueryOptions(tag));
    preload(queryClient, membershipLogQueryOptions(tag));
  },
  component: HealthRoute,
});

function HealthRoute() {
  const { tag } = Route.useSearch();
  return <HealthPage tag={tag} />;
}
