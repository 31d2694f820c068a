/**
 * Racer inspector without a racer (/racers). The spec's links /racers?username=x&subtab=y land on
 * the racer's own address /racers/x/y, keeping the team tag.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { RacerInspector } from '../features/racers/racer-inspector';
import { racerSearchSchema } from '../lib/search';
import { preloadRacer } from '../api/racers';

export const Route = createFileRoute('/racers/')({
  validateSearch: racerSearchSchema,
  beforeLoad: ({ search }) => {
    if (search.username) {
      throw redirect({
        to: '/racers/$username/$subtab',
        params: { username: search.username, subtab: search.subtab ?? 'batch' },
        search: { tag: search.tag },
        replace: true,
      });
    }
  },
  loader: ({ context }) => preloadRacer(context.queryClient, undefined),
  component: RacersIndex,
});

function RacersIndex() {
  const { tag } = Route.useSearch();
  return <RacerInspector username={undefined} subtab="batch" tag={tag} />;
}
