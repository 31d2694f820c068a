/** Health (/health?tag): roster health and membership log of the selected team. */
import { createFileRoute } from '@tanstack/react-router';
import { HealthPage } from '../../features/roster/health-page';
import { membershipLogQueryOptions, rosterHealthQueryOptions } from '../../features/roster/health-queries';

export const Route = createFileRoute('/_team/health')({
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context, deps }) => {
    if (!deps.tag) return;
    void context.queryClient.prefetchQuery(rosterHealthQueryOptions(deps.tag));
    void context.queryClient.prefetchQuery(membershipLogQueryOptions(deps.tag));
  },
  component: HealthRoute,
});

function HealthRoute() {
  const { tag } = Route.useSearch();
  return <HealthPage tag={tag} />;
}
