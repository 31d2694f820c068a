/** Events (/events?tag): the team's events; a row opens /eventviewer?tag&event. */
import { createFileRoute } from '@tanstack/react-router';
import { EventsPage } from '../../features/events/events-page';
import { teamEventsQueryOptions } from '../../features/events/team-events-query';

export const Route = createFileRoute('/_team/events')({
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context, deps }) => {
    if (deps.tag) void context.queryClient.prefetchQuery(teamEventsQueryOptions(deps.tag));
  },
  component: EventsRoute,
});

function EventsRoute() {
  const { tag } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EventsPage tag={tag} onOpen={(e) => void navigate({ to: '/eventviewer', search: { tag, event: e.EventID } })} />
  );
}
