/** Query options of the roster screen: the team's members (with squads) and its info card. */
import { queryOptions } from '@tanstack/react-query';
import type { CurrentDisplayNamesResponse } from '../../../contract/roster';
import type { TeamInfo } from '../../../contract/teams';
import { apiGet } from '../../lib/api';
import { rosterQueryKey } from '../../lib/query-keys';

export function currentDisplayNamesQueryOptions(tag: string) {
  return queryOptions({
    queryKey: rosterQueryKey(tag),
    queryFn: () => apiGet<CurrentDisplayNamesResponse>('/api/current-display-names', { tag }),
  });
}

export function teamInfoQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['team-info', { tag }] as const,
    queryFn: () => apiGet<TeamInfo>('/api/team-info', { tag }),
    staleTime: 5 * 60_000,
  });
}
