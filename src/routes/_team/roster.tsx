/** Roster (/roster?tag): team info card and roster table of the selected team. */
import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../../api/preload';
import { rosterHealthQueryOptions, rosterQueryOptions, teamInfoQueryOptions } from '../../api/teams';
import { RosterPage } from '../../features/roster/roster-page';

export const Route = createFileRoute('/_team/roster')({
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context: { queryClient }, deps: { tag } }) => {
    if (!tag) return;
    preload(queryClient, teamInfoQueryOptions(tag));
    preload(queryClient, rosterQueryOptions(tag));
    preload(queryClient, rosterHealthQueryOptions(tag));
  },
  component: RosterRoute,
});

function RosterRoute() {
  const { tag } = Route.useSearch();
  return <RosterPage tag={tag} />;
}
