/**
 * GET /api/team-events, /api/event-participants/{id}, /api/event-squad-summary/{id},
 * /api/event-team-summary/{id}: a team's events and an event's participants, squads and teams.
 * All are cached by plugins/public-cache.ts: the three per-event answers per data version (every
 * collector poll and every staff change of events, squads or bot flags bumps it), the event list
 * per minute as well, as its Status follows the clock.
 */
import type { FastifyReply } from 'fastify';
import { eventParticipants, eventSquadSummary, eventTeamSummary, teamEvents } from '../../../contract/events.js';
import { findEvent, listTeamEvents, racerTeamTotals, type StoredEvent } from '../../db/events-repo.js';
import { participants, squadSummary, teamSummary, type RacerTeamTotals } from '../../../rules/event-results.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const notFound = (id: number) => ({ error: `Event ${id} not found` });

const events: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;

  route(app, teamEvents, async (request) => listTeamEvents(db, request.query.tag, tz, now()));

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

  route(app, eventParticipants, (request, reply) =>
    eventAnswer(reply, request.params.eventId, (ev, totals) => ({
      participants: participants(totals, ev.tags, ev.event),
    })),
  );

  route(app, eventSquadSummary, (request, reply) =>
    eventAnswer(reply, request.params.eventId, (ev, totals) => squadSummary(totals, ev.tags)),
  );

  route(app, eventTeamSummary, (request, reply) =>
    eventAnswer(reply, request.params.eventId, (ev, totals) => teamSummary(totals, ev.tags)),
  );
};

export default events;
