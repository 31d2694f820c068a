/** Event viewer (/eventviewer?tag&event): the team's events come from the events feature's query. */
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { EventViewer } from '../../features/event-viewer/event-viewer';
import { teamEventsQueryOptions } from '../../features/events/team-events-query';
import { eventViewerSearchSchema } from '../../lib/search';

export const Route = createFileRoute('/_team/eventviewer')({
  validateSearch: eventViewerSearchSchema,
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context, deps }) => {
    if (deps.tag) void context.queryClient.prefetchQuery(teamEventsQueryOptions(deps.tag));
  },
  component: EventViewerRoute,
});

function EventViewerRoute() {
  const { tag, event } = Route.useSearch();
  const navigate = Route.useNavigate();
  const events = useQuery({ ...teamEventsQueryOptions(tag ?? ''), enabled: !!tag });
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
