/** Activity (/activity?tag): team stats and races charts of the selected team. */
import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../../api/preload';
import { hourlyRacesQueryOptions, periodRacesQueryOptions, teamStatsQueryOptions } from '../../api/teams';
import { ActivityPage } from '../../features/activity/activity-page';

export const Route = createFileRoute('/_team/activity')({
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context: { queryClient }, deps: { tag } }) => {
    if (!tag) return;
    preload(queryClient, teamStatsQueryOptions(tag));
    preload(queryClient, hourlyRacesQueryOptions(tag));
    preload(queryClient, periodRacesQueryOptions(tag, 'daily'));
    preload(queryClient, periodRacesQueryOptions(tag, 'weekly'));
  },
  component: ActivityRoute,
});

function ActivityRoute() {
  const { tag } = Route.useSearch();
  return <ActivityPage tag={tag} />;
}
