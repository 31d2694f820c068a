/** Activity (/activity?tag): team stats and races charts of the selected team. */
import { createFileRoute } from '@tanstack/react-router';
import { ActivityPage } from '../../features/activity/activity-page';
import {
  hourlyRacesQueryOptions,
  periodRacesQueryOptions,
  teamStatsQueryOptions,
} from '../../features/activity/activity-queries';

export const Route = createFileRoute('/_team/activity')({
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context, deps }) => {
    if (!deps.tag) return;
    const qc = context.queryClient;
    void qc.prefetchQuery(teamStatsQueryOptions(deps.tag));
    void qc.prefetchQuery(hourlyRacesQueryOptions(deps.tag));
    void qc.prefetchQuery(periodRacesQueryOptions(deps.tag, 'daily'));
    void qc.prefetchQuery(periodRacesQueryOptions(deps.tag, 'weekly'));
  },
  component: ActivityRoute,
});

function ActivityRoute() {
  const { tag } = Route.useSearch();
  return <ActivityPage tag={tag} />;
}
