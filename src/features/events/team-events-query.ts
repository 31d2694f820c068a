/** GET /api/team-events?tag: the events a team takes part in, latest first. */
import { queryOptions } from '@tanstack/react-query';
import type { TeamEventsResponse } from '../../../contract/events';
import { apiGet } from '../../lib/api';

export function teamEventsQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['team-events', { tag }] as const,
    queryFn: () => apiGet<TeamEventsResponse>('/api/team-events', { tag }),
  });
}
