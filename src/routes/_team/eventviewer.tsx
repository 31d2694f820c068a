/** Event viewer (/eventviewer?tag&event): the team's events come from the events feature's query. */
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { eventParticipantsQueryOptions, squadSummaryQueryOptions, teamSummaryQueryOptions } from '../../api/events';
import { preload } from '../../api/preload';
import { teamEventsQueryOptions } from '../../api/teams';
import { EventViewer } from '../../features/event-viewer/event-viewer';
import { eventViewerSearchSchema } from '../../lib/search';

export const Route = createFileRoute('/_team/eventviewer')({
  validateSearch: eventViewerSearchSchema,
  loaderDeps: ({ search }) => ({ tag: search.tag, event: search.event }),
  loader: ({ context: { queryClient }, deps: { tag, event } }) => {
    if (!tag) return;
    preload(queryClient, teamEventsQueryOptions(tag));
    // The event named in the address is the one shown when the team takes part in it.
    if (event === undefined) return;
    preload(queryClient, eventParticipantsQueryOptions(event));
    preload(queryClient, squadSummaryQueryOptions(event));
    preload(queryClient, teamSummaryQueryOptions(event));
  },
  component: EventViewerRoute,
});

function EventViewerRoute() {
  const { tag, event } = Route.useSearch();
  const navigate = Route.useNavigate();
  const events = useQuery(teamEventsQueryOptions(tag));
  return (
    <EventViewer
      tag={tag}
      addressEventId={event}
      events={events.data}
      eventsPending={events.isPending}
      eventsFailed={events.isError}
      onAddressChange={(id, replace) => void navigate({ search: (prev) => ({ ...prev, event: id }), replace })}
    />
  );
}
