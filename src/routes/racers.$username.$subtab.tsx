/**
 * Racer inspector for one racer on one tab (/racers/{username}/{subtab}: batch, daily or weekly);
 * any other subtab falls back to batch. `from` and `to` (days) open the inspector on that date range.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { RacerInspector } from '../features/racers/racer-inspector';
import { RACER_SUBTABS, racerPageSearchSchema, type RacerSubtab } from '../lib/search';
import { preloadRacer } from '../api/racers';

const isSubtab = (s: string): s is RacerSubtab => (RACER_SUBTABS as readonly string[]).includes(s);

export const Route = createFileRoute('/racers/$username/$subtab')({
  validateSearch: racerPageSearchSchema,
  beforeLoad: ({ params, search }) => {
    if (!isSubtab(params.subtab)) {
      throw redirect({
        to: '/racers/$username/$subtab',
        params: { username: params.username, subtab: 'batch' },
        search,
        replace: true,
      });
    }
  },
  loader: ({ context, params }) => preloadRacer(context.queryClient, params.username, params.subtab),
  component: RacerSubtabRoute,
});

function RacerSubtabRoute() {
  const { username, subtab } = Route.useParams();
  const { tag, from, to } = Route.useSearch();
  return (
    <RacerInspector username={username} subtab={isSubtab(subtab) ? subtab : 'batch'} tag={tag} from={from} to={to} />
  );
}
