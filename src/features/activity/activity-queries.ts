/** Query options of the Activity screen: hourly, daily and weekly races, and the team stats. */
import { queryOptions } from '@tanstack/react-query';
import type { HourlyRacesRow, PeriodRacesRow, TeamStatsResponse } from '../../../contract/activity';
import { apiGet } from '../../lib/api';

export function hourlyRacesQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['hourly-races', { tag }] as const,
    queryFn: () => apiGet<HourlyRacesRow[]>('/api/hourly-races', { tag }),
  });
}

export type RacesPeriod = 'daily' | 'weekly';

/** daily-races or weekly-races. */
export function periodRacesQueryOptions(tag: string, period: RacesPeriod) {
  return queryOptions({
    queryKey: [`${period}-races`, { tag }] as const,
    queryFn: () => apiGet<PeriodRacesRow[]>(`/api/${period}-races`, { tag }),
  });
}

export function teamStatsQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['team-stats', { tag }] as const,
    queryFn: () => apiGet<TeamStatsResponse>('/api/team-stats', { tag }),
  });
}
