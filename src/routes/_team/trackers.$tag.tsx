/** Trackers for one team (/trackers/{tag}): daily and weekly participants. */
import { createFileRoute } from '@tanstack/react-router';
import { todayKey } from '../../../rules/site-time';
import { preload } from '../../api/preload';
import { participantsQueryOptions } from '../../api/teams';
import { TrackersPage } from '../../features/trackers/trackers-page';
import { validTag } from '../../lib/search';
import { cachedSiteTimezone } from '../../lib/site';

export const Route = createFileRoute('/_team/trackers/$tag')({
  loader: ({ context: { queryClient }, params }) => {
    const tag = validTag(params.tag);
    // The screen opens on today's participants.
    if (tag)
      preload(
        queryClient,
        participantsQueryOptions(tag, 'daily', todayKey(Date.now(), cachedSiteTimezone(queryClient))),
      );
  },
  component: TrackersRoute,
});

function TrackersRoute() {
  const { tag } = Route.useParams();
  const valid = validTag(tag);
  // A new team remounts the screen: its tabs, pickers and sort start fresh.
  return <TrackersPage key={valid ?? ''} tag={valid} />;
}
