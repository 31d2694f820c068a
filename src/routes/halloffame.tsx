/** /halloffame?period&page: the winners of closed days, weeks and months, and the all-time records. */
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { HALL_PERIODS } from '../../rules/hall-of-fame';
import { hallOfFameQueryOptions } from '../api/hall-of-fame';
import { preload } from '../api/preload';
import { HallOfFamePage } from '../features/hall-of-fame/hall-of-fame-page';

const hallSearchSchema = v.object({
  period: v.fallback(v.optional(v.picklist(HALL_PERIODS)), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/halloffame')({
  validateSearch: hallSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    preload(queryClient, hallOfFameQueryOptions(deps.period ?? 'day', deps.page ?? 1));
  },
  component: HallOfFameRoute,
});

function HallOfFameRoute() {
  const { period, page } = Route.useSearch();
  return <HallOfFamePage period={period ?? 'day'} page={page ?? 1} />;
}
