/** Events (/events?tag): the team's events; a row opens /eventviewer?tag&event. */
import { createFileRoute } from '@tanstack/react-router';
import { preload } from '../../api/preload';
import { teamEventsQueryOptions } from '../../api/teams';
import { EventsPage } from '../../features/events/events-page';

export const Route = createFileRoute('/_team/events')({
  loaderDeps: ({ search }) => ({ tag: search.tag }),
  loader: ({ context: { queryClient }, deps: { tag } }) => {
    if (tag) preload(queryClient, teamEventsQueryOptions(tag));
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
