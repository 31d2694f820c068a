/**
 * GET /api/team-events, /api/event-participants/{id}, /api/event-squad-summary/{id},
 * /api/event-team-summary/{id}: a team's events and an event's participants, squads and teams.
 * The three per-event answers are cached per (event, data version): every collector poll and every
 * staff change of events, squads or bot flags bumps the version. The event list is not cached, as
 * its Status follows the clock.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eventParticipants, eventSquadSummary, eventTeamSummary, teamEvents } from '../../../contract/events.js';
import { findEvent, listTeamEvents, racerTeamTotals, type StoredEvent } from '../../db/events-repo.js';
import { participants, squadSummary, teamSummary, type RacerTeamTotals } from '../../../rules/event-results.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';
import { ResponseCache } from '../response-cache.js';

const notFound = (id: number) => ({ error: `Event ${id} not found` });

const events: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;
  const cache = new ResponseCache(db);
  app.addHook('onClose', async () => cache.close());

  route(app, teamEvents, async (request) => listTeamEvents(db, request.query.tag, tz, now()));

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

  route(app, eventParticipants, (request, reply) =>
    eventAnswer(request, reply, request.params.eventId, 'participants', (ev, totals) => ({
      participants: participants(totals, ev.tags, ev.event),
    })),
  );

  route(app, eventSquadSummary, (request, reply) =>
    eventAnswer(request, reply, request.params.eventId, 'squads', (ev, totals) => squadSummary(totals, ev.tags)),
  );

  route(app, eventTeamSummary, (request, reply) =>
    eventAnswer(request, reply, request.params.eventId, 'teams', (ev, totals) => teamSummary(totals, ev.tags)),
  );
};

export default events;
