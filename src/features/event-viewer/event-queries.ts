/** Query options of one event's participants, squad summary and team summary. */
import { queryOptions } from '@tanstack/react-query';
import type {
  EventParticipantsResponse,
  EventSquadSummaryResponse,
  EventTeamSummaryResponse,
} from '../../../contract/events';
import { apiGet } from '../../lib/api';

export function participantsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['event-participants', { eventId }] as const,
    queryFn: () => apiGet<EventParticipantsResponse>(`/api/event-participants/${eventId}`),
  });
}

export function squadSummaryQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['event-squad-summary', { eventId }] as const,
    queryFn: () => apiGet<EventSquadSummaryResponse>(`/api/event-squad-summary/${eventId}`),
  });
}

export function teamSummaryQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['event-team-summary', { eventId }] as const,
    queryFn: () => apiGet<EventTeamSummaryResponse>(`/api/event-team-summary/${eventId}`),
  });
}
