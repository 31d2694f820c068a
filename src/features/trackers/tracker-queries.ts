/** Query options of the Trackers screen: participants of one day or one week. */
import { queryOptions } from '@tanstack/react-query';
import type { ParticipantsResponse } from '../../../contract/trackers';
import { apiGet } from '../../lib/api';

export type TrackerView = 'daily' | 'weekly';

export function participantsQueryOptions(tag: string, view: TrackerView, period: string) {
  return queryOptions({
    queryKey: [`${view}-participants`, { tag, period }] as const,
    queryFn: () =>
      view === 'daily'
        ? apiGet<ParticipantsResponse>('/api/daily-participants', { tag, date: period })
        : apiGet<ParticipantsResponse>('/api/weekly-participants', { tag, week: period }),
  });
}
