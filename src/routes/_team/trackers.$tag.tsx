/** Trackers for one team (/trackers/{tag}): daily and weekly participants. */
import { createFileRoute } from '@tanstack/react-router';
import { TrackersPage } from '../../features/trackers/trackers-page';
import { tagParam } from '../../lib/search';

export const Route = createFileRoute('/_team/trackers/$tag')({
  component: TrackersRoute,
});

function TrackersRoute() {
  const { tag } = Route.useParams();
  const valid = tagParam.parse(tag);
  // A new team remounts the screen: its tabs, pickers and sort start fresh.
  return <TrackersPage key={valid ?? ''} tag={valid} />;
}
