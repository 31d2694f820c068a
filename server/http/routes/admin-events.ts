/**
 * POST /api/admin/events, PUT/DELETE /api/admin/events/{EventID}. An admin manages every event; a
 * teamadmin only events whose teams are all their own team (before and after the change), and
 * gets 403 otherwise with nothing changed. Unknown tags, end before start and missing fields: 400.
 */
import {
  PAY_TO_PLAY_KEYS,
  createEvent as createEventEndpoint,
  deleteEvent as deleteEventEndpoint,
  updateEvent as updateEventEndpoint,
  type PayToPlayBody,
} from '../../../contract/admin-events.js';
import { createEvent, deleteEvent, unknownTeams, updateEvent } from '../../db/admin-events-repo.js';
import { findEvent } from '../../db/events-repo.js';
import { parseEventForm, type EventFormInput, type ParsedEventForm } from '../../../rules/event-form.js';
import { formatSiteDateTime } from '../../../rules/site-time.js';
import { canManageTeams, type SessionUser } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const OTHER_TEAM = 'You can only manage events of your own team';

type Checked = { fields: ParsedEventForm } | { status: 400 | 403; error: string };

const adminEvents: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;
  const fmt = (d: Date) => formatSiteDateTime(d, tz);

  /** Parses the form, then checks the caller may use its teams and that they exist. */
  async function checkForm(user: SessionUser, body: EventFormInput): Promise<Checked> {
    const parsed = parseEventForm(body, tz);
    if ('error' in parsed) return { status: 400, error: parsed.error };
    if (!canManageTeams(user, parsed.tags)) return { status: 403, error: OTHER_TEAM };
    const unknown = await unknownTeams(db, parsed.tags);
    if (unknown.length)
      return { status: 400, error: `Unknown team tag${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` };
    return { fields: parsed };
  }

  async function answer(id: number) {
    const ev = await findEvent(db, id, tz, now());
    return { event: ev!.event };
  }

  route(app, createEventEndpoint, async (request, reply) => {
    const checked = await checkForm(request.user!, request.body);
    if ('error' in checked) return reply.code(checked.status).send({ error: checked.error });
    const id = await createEvent(db, request.user!.username, now(), checked.fields, fmt);
    return answer(id);
  });

  route(app, updateEventEndpoint, async (request, reply) => {
    const user = request.user!;
    const id = request.params.EventID;
    const existing = await findEvent(db, id, tz, now());
    if (!existing) return reply.code(404).send({ error: `Event ${id} not found` });
    if (!canManageTeams(user, existing.tags)) return reply.code(403).send({ error: OTHER_TEAM });
    const b = request.body;
    let form: ParsedEventForm | undefined;
    if (b.Title !== undefined) {
      const checked = await checkForm(user, {
        Title: b.Title,
        Description: b.Description ?? '',
        TeamTag: b.TeamTag ?? '',
        StartTime: b.StartTime ?? '',
        EndTime: b.EndTime ?? '',
        DefaultSort: b.DefaultSort ?? 'Races',
      });
      if ('error' in checked) return reply.code(checked.status).send({ error: checked.error });
      form = checked.fields;
    }
    const settings = b[PAY_TO_PLAY_KEYS[0]] !== undefined ? (b as PayToPlayBody) : undefined;
    await updateEvent(db, user.username, now(), id, { form, settings }, fmt);
    return answer(id);
  });

  route(app, deleteEventEndpoint, async (request, reply) => {
    const id = request.params.EventID;
    const existing = await findEvent(db, id, tz, now());
    if (!existing) return reply.code(404).send({ error: `Event ${id} not found` });
    if (!canManageTeams(request.user!, existing.tags)) return reply.code(403).send({ error: OTHER_TEAM });
    await deleteEvent(db, request.user!.username, now(), id, { title: existing.event.Title, teams: existing.tags });
    return { success: true as const, EventID: id };
  });
};

export default adminEvents;
