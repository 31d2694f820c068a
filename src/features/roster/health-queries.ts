/** Query options of the team's Health view: the members' health table and the membership log. */
import { queryOptions } from '@tanstack/react-query';
import type { MembershipLogResponse, RosterHealthResponse } from '../../../contract/roster-health';
import { apiGet } from '../../lib/api';
import { rosterHealthQueryKey } from '../../lib/query-keys';

export function rosterHealthQueryOptions(tag: string) {
  return queryOptions({
    queryKey: rosterHealthQueryKey(tag),
    queryFn: () => apiGet<RosterHealthResponse>('/api/roster-health', { tag }),
  });
}

export function membershipLogQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['membership-log', { tag }],
    queryFn: () => apiGet<MembershipLogResponse>('/api/membership-log', { tag }),
  });
}
