/** Query options of the roster screen: the team's members (with squads) and its info card. */
import { queryOptions } from '@tanstack/react-query';
import type { CurrentDisplayNamesResponse } from '../../../contract/roster';
import { apiGet } from '../../lib/api';
import { rosterQueryKey } from '../../lib/query-keys';

export function currentDisplayNamesQueryOptions(tag: string) {
  return queryOptions({
    queryKey: rosterQueryKey(tag),
    queryFn: () => apiGet<CurrentDisplayNamesResponse>('/api/current-display-names', { tag }),
  });
}

/** The team layout reads it too (an unknown tag), so it lives in lib. */
export { teamInfoQueryOptions } from '../../lib/team-info';
