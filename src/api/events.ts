/**
 * One event's data, each keyed under `['events', id, …]`: participants, squad and team summaries,
 * and payouts (public), plus the staff write that marks a winner paid or unpaid. A factory given
 * no event skips its query (`skipToken`).
 */
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { MarkPayoutBody } from '../../contract/payouts';
import { call } from './client';
import { routes } from './routes';
import { keys } from './keys';

type EventId = number | undefined;

/** GET /api/event-participants/{id}. */
export const eventParticipantsQueryOptions = (eventId: EventId) =>
  queryOptions({
    queryKey: keys.eventParticipants(eventId ?? 0),
    queryFn:
      eventId === undefined
        ? skipToken
        : () => call(routes.eventParticipants, { params: { eventId: String(eventId) } }),
  });

/** GET /api/event-squad-summary/{id}. */
export const squadSummaryQueryOptions = (eventId: EventId) =>
  queryOptions({
    queryKey: keys.squadSummary(eventId ?? 0),
    queryFn:
      eventId === undefined
        ? skipToken
        : () => call(routes.eventSquadSummary, { params: { eventId: String(eventId) } }),
  });

/** GET /api/event-team-summary/{id}. */
export const teamSummaryQueryOptions = (eventId: EventId) =>
  queryOptions({
    queryKey: keys.teamSummary(eventId ?? 0),
    queryFn:
      eventId === undefined ? skipToken : () => call(routes.eventTeamSummary, { params: { eventId: String(eventId) } }),
  });

/** GET /api/event-payouts/{id}: the winners and what each is owed. */
export const payoutsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: keys.payouts(eventId),
    queryFn: () => call(routes.eventPayouts, { params: { eventId: String(eventId) } }),
  });

/** POST /api/event-payouts/{id}/mark (admin, or a teamadmin of a team in the event). */
export const markPayout = (eventId: number, body: MarkPayoutBody) =>
  call(routes.markPayout, { params: { eventId: String(eventId) }, body });
