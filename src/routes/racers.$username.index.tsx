/** Racer inspector for one racer (/racers/{username}): the Batch Inspector tab. */
import { createFileRoute } from '@tanstack/react-router';
import { RacerInspector } from '../features/racers/racer-inspector';
import { racerPageSearchSchema } from '../lib/search';
import { preloadRacer } from '../api/racers';

export const Route = createFileRoute('/racers/$username/')({
  validateSearch: racerPageSearchSchema,
  loader: ({ context, params }) => preloadRacer(context.queryClient, params.username),
  component: RacerRoute,
});

function RacerRoute() {
  const { username } = Route.useParams();
  const { tag, from, to } = Route.useSearch();
  return <RacerInspector username={username} subtab="batch" tag={tag} from={from} to={to} />;
}
