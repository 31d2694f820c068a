/** Roster (/roster?tag): team info card and roster table of the selected team. */
import { createFileRoute } from '@tanstack/react-router';
import { RosterPage } from '../../features/roster/roster-page';
import { currentDisplayNamesQueryOptions, teamInfoQueryOptions } from '../../features/roster/roster-queries';

export const Route = createFileRoute('/_team/roster')({
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context, deps }) => {
    // Warm the cache without blocking: the screen shows its own loading and error states.
    if (!deps.tag) return;
    void context.queryClient.prefetchQuery(teamInfoQueryOptions(deps.tag));
    void context.queryClient.prefetchQuery(currentDisplayNamesQueryOptions(deps.tag));
  },
  component: RosterRoute,
});

function RosterRoute() {
  const { tag } = Route.useSearch();
  return <RosterPage tag={tag} />;
}
