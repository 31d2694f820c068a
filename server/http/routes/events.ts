/**
 * GET /api/team-events, /api/event-participants/{id}, /api/event-squad-summary/{id},
 * /api/event-team-summary/{id}: a team's events and an event's participants, squads and teams.
 * All are cached by plugins/public-cache.ts: the three per-event answers per data version (every
 * collector poll and every staff change of events, squads or bot flags bumps it), the event list
 * per minute as well, as its Status follows the clock.
 */
import type { FastifyReply } from 'fastify';
import { ErrorResponse } from '../../../contract/common.js';
import {
  EventIdParams,
  EventParticipantsResponse,
  EventSquadSummaryResponse,
  EventTeamSummaryResponse,
  TeamEventsQuery,
  TeamEventsResponse,
} from '../../../contract/events.js';
import { findEvent, listTeamEvents, racerTeamTotals, type StoredEvent } from '../../db/events-repo.js';
import { participants, squadSummary, teamSummary, type RacerTeamTotals } from '../../../rules/event-results.js';
import type { RouteModule } from '../context.js';

const notFound = (id: number) => ({ error: `Event ${id} not found` });

const events: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;

  app.get(
    '/team-events',
    {
      schema: {
        tags: ['events'],
        querystring: TeamEventsQuery,
        response: { 200: TeamEventsResponse, 400: ErrorResponse },
      },
    },
    async (request) => listTeamEvents(db, request.query.tag, tz, now()),
  );

  const byId = { tags: ['events'], params: EventIdParams } as const;

  /** One per-event answer: 404 for an unknown event, else built from its racer totals. */
  const eventAnswer = async <T>(
    reply: FastifyReply,
    eventId: number,
    build: (ev: StoredEvent, totals: RacerTeamTotals[]) => T,
  ) => {
    const ev = await findEvent(db, eventId, tz, now());
    if (!ev) return reply.code(404).send(notFound(eventId));
    return build(ev, await racerTeamTotals(db, ev, tz));
  };

  app.get(
    '/event-participants/:eventId',
    { schema: { ...byId, response: { 200: EventParticipantsResponse, 400: ErrorResponse, 404: ErrorResponse } } },
    (request, reply) =>
      eventAnswer(reply, request.params.eventId, (ev, totals) => ({
        participants: participants(totals, ev.tags, ev.event),
      })),
  );

  app.get(
    '/event-squad-summary/:eventId',
    { schema: { ...byId, response: { 200: EventSquadSummaryResponse, 400: ErrorResponse, 404: ErrorResponse } } },
    (request, reply) => eventAnswer(reply, request.params.eventId, (ev, totals) => squadSummary(totals, ev.tags)),
  );

  app.get(
    '/event-team-summary/:eventId',
    { schema: { ...byId, response: { 200: EventTeamSummaryResponse, 400: ErrorResponse, 404: ErrorResponse } } },
    (request, reply) => eventAnswer(reply, request.params.eventId, (ev, totals) => teamSummary(totals, ev.tags)),
  );
};

export default events;
