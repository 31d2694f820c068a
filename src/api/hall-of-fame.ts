/** The Hall of Fame (a page of closed days, weeks or months and the records), a racer's awards, and the free agents. */
import { queryOptions } from '@tanstack/react-query';
import type { HallPeriod } from '../../contract/hall-of-fame';
import { call } from './client';
import { keys } from './keys';
import { routes } from './routes';

/** GET /api/hall-of-fame?period&page. */
export const hallOfFameQueryOptions = (period: HallPeriod, page: number) =>
  queryOptions({
    queryKey: keys.hallOfFame(period, page),
    queryFn: () => call(routes.hallOfFame, { query: { period, page } }),
  });

/** GET /api/racer-awards?username. */
export const racerAwardsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: keys.racerAwards(username),
    queryFn: () => call(routes.racerAwards, { query: { username } }),
  });

/** GET /api/free-agents. */
export const freeAgentsQueryOptions = () =>
  queryOptions({
    queryKey: keys.freeAgents,
    queryFn: () => call(routes.freeAgents),
  });
