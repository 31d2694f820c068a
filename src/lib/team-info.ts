/** GET /api/team-info?tag: the team info card's fields, or the server's error ("Team X is not tracked"). */
import { queryOptions } from '@tanstack/react-query';
import type { TeamInfo } from '../../contract/teams';
import { apiGet } from './api';

export function teamInfoQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['team-info', { tag }] as const,
    queryFn: () => apiGet<TeamInfo>('/api/team-info', { tag }),
    staleTime: 5 * 60_000,
  });
}
