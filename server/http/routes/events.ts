/**
 * GET /api/team-events, /api/event-participants/{id}, /api/event-squad-summary/{id},
 * /api/event-team-summary/{id}: a team's events and an event's participants, squads and teams.
 * The three per-event answers are cached per (event, data version): every collector poll and every
 * staff change of events, squads or bot flags bumps the version. The event list is not cached, as
 * its Status follows the clock.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { ResponseCache } from '../response-cache.js';

const notFound = (id: number) => ({ error: `Event ${id} not found` });

const events: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;
  const cache = new ResponseCache(db);
  app.addHook('onClose', async () => cache.close());

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

  /** One per-event answer: 404 for an unknown event, else built from its racer totals and cached as `kind`. */
  const eventAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    eventId: number,
    kind: string,
    build: (ev: StoredEvent, totals: RacerTeamTotals[]) => unknown,
  ) => {
    const ev = await findEvent(db, eventId, tz, now());
    if (!ev) return reply.code(404).send(notFound(eventId));
    return cache.send(request, reply, `${kind}|${ev.id}`, async () => build(ev, await racerTeamTotals(db, ev, tz)));
  };

  app.get(
    '/event-participants/:eventId',
    { schema: { ...byId, response: { 200: EventParticipantsResponse, 400: ErrorResponse, 404: ErrorResponse } } },
    (request, reply) =>
      eventAnswer(request, reply, request.params.eventId, 'participants', (ev, totals) => ({
        participants: participants(totals, ev.tags, ev.event),
      })),
  );

  app.get(
    '/event-squad-summary/:eventId',
    { schema: { ...byId, response: { 200: EventSquadSummaryResponse, 400: ErrorResponse, 404: ErrorResponse } } },
    (request, reply) =>
      eventAnswer(request, reply, request.params.eventId, 'squads', (ev, totals) => squadSummary(totals, ev.tags)),
  );

  app.get(
    '/event-team-summary/:eventId',
    { schema: { ...byId, response: { 200: EventTeamSummaryResponse, 400: ErrorResponse, 404: ErrorResponse } } },
    (request, reply) =>
      eventAnswer(request, reply, request.params.eventId, 'teams', (ev, totals) => teamSummary(totals, ev.tags)),
  );
};

export default events;
