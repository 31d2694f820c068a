/** GET /api/team-tags: every tracked team's tag, for the team dropdown. */
import { queryOptions } from '@tanstack/react-query';
import type { TeamTagsResponse } from '../../contract/teams';
import { apiGet } from './api';

export function teamTagsQueryOptions() {
  return queryOptions({
    queryKey: ['team-tags'] as const,
    queryFn: () => apiGet<TeamTagsResponse>('/api/team-tags'),
    staleTime: 5 * 60_000,
  });
}
