/**
 * One event's data, each keyed under `['events', id, …]`: participants, squad and team summaries,
 * and payouts (public), plus the staff write that marks a winner paid or unpaid. A factory given
 * no event skips its query (`skipToken`).
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import type {
  EventParticipantsResponse,
  EventSquadSummaryResponse,
  EventTeamSummaryResponse,
} from '../../contract/events';
import type { EventPayoutsResponse, MarkPayoutBody, MarkPayoutResponse } from '../../contract/payouts';
import { apiGet, apiSend } from './client';
import { keys } from './keys';

type EventId = number | undefined;

/** GET /api/event-participants/{id}. */
export const eventParticipantsQueryOptions = (eventId: EventId) =>
  queryOptions({
    queryKey: keys.eventParticipants(eventId ?? 0),
    queryFn:
      eventId === undefined ? skipToken : () => apiGet<EventParticipantsResponse>(`/api/event-participants/${eventId}`),
  });

/** GET /api/event-squad-summary/{id}. */
export const squadSummaryQueryOptions = (eventId: EventId) =>
  queryOptions({
    queryKey: keys.squadSummary(eventId ?? 0),
    queryFn:
      eventId === undefined
        ? skipToken
        : () => apiGet<EventSquadSummaryResponse>(`/api/event-squad-summary/${eventId}`),
  });

/** GET /api/event-team-summary/{id}. */
export const teamSummaryQueryOptions = (eventId: EventId) =>
  queryOptions({
    queryKey: keys.teamSummary(eventId ?? 0),
    queryFn:
      eventId === undefined ? skipToken : () => apiGet<EventTeamSummaryResponse>(`/api/event-team-summary/${eventId}`),
  });

/** GET /api/event-payouts/{id}: the winners and what each is owed. */
export const payoutsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: keys.payouts(eventId),
    queryFn: () => apiGet<EventPayoutsResponse>(`/api/event-payouts/${eventId}`),
  });

/** POST /api/event-payouts/{id}/mark (admin, or a teamadmin of a team in the event). */
export const markPayout = (eventId: number, body: MarkPayoutBody) =>
  apiSend<MarkPayoutResponse>('POST', `/api/event-payouts/${eventId}/mark`, body);
