/**
 * POST /api/admin/events, PUT/DELETE /api/admin/events/{EventID}. An admin manages every event; a
 * teamadmin the events their team owns (OwnerTag), which may have other teams too, and gets 403
 * otherwise with nothing changed. A teamadmin's new event is owned by their team, which must be
 * (and stay) one of its teams; only an admin chooses or changes the owner. The owner is always
 * one of the event's teams. Unknown tags, end before start and missing fields: 400.
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
import { canManageTeam, type SessionUser } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const notOwner = (owner: string) => `${owner} owns this event: only its team admins or an admin can change it`;

type Checked = { fields: ParsedEventForm; owner: string } | { status: 400 | 403; error: string };

const adminEvents: RouteModule = (app, { db, config, now }) => {
  const tz = config.siteTimezone;
  const fmt = (d: Date) => formatSiteDateTime(d, tz);

  /**
   * Parses the form and settles its owner: for a teamadmin their team (`current` when editing),
   * which must be one of the teams (else 403); for an admin the one sent, else `current` while it
   * is still one of the teams, else the first team. The teams must exist.
   */
  async function checkForm(
    user: SessionUser,
    body: EventFormInput,
    asked: string | undefined,
    current: string | null,
  ): Promise<Checked> {
    const parsed = parseEventForm(body, tz);
    if ('error' in parsed) return { status: 400, error: parsed.error };
    const wanted = asked ? asked.trim().toUpperCase() : undefined;
    let owner: string;
    if (user.role === 'admin') {
      owner = wanted || (current && parsed.tags.includes(current) ? current : parsed.tags[0]);
      if (!parsed.tags.includes(owner))
        return { status: 400, error: `The owner team ${owner} must be one of the event's teams` };
    } else {
      owner = current ?? user.teamTag ?? '';
      if (!owner) return { status: 403, error: 'You have no team: an admin grants one' };
      if (wanted && wanted !== owner) return { status: 403, error: 'Only an admin can choose the owner team' };
      if (!canManageTeam(user, owner)) return { status: 403, error: notOwner(owner) };
      // Leaving the event out of their team's hands is an admin's call.
      if (!parsed.tags.includes(owner)) {
        return {
          status: 403,
          error: current
            ? `${owner} owns this event: it must stay one of its teams (an admin can change the owner)`
            : `Your team ${owner} must be one of the event's teams`,
        };
      }
    }
    const unknown = await unknownTeams(db, parsed.tags);
    if (unknown.length)
      return { status: 400, error: `Unknown team tag${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}` };
    return { fields: parsed, owner };
  }

  async function answer(id: number) {
    const ev = await findEvent(db, id, tz, now());
    return { event: ev!.event };
  }

  route(app, createEventEndpoint, async (request, reply) => {
    const { OwnerTag, ...form } = request.body;
    const checked = await checkForm(request.user!, form, OwnerTag, null);
    if ('error' in checked) return reply.code(checked.status).send({ error: checked.error });
    const id = await createEvent(db, request.user!.username, now(), checked.fields, checked.owner, fmt);
    return answer(id);
  });

  route(app, updateEventEndpoint, async (request, reply) => {
    const user = request.user!;
    const id = request.params.EventID;
    const existing = await findEvent(db, id, tz, now());
    if (!existing) return reply.code(404).send({ error: `Event ${id} not found` });
    if (!canManageTeam(user, existing.owner)) return reply.code(403).send({ error: notOwner(existing.owner) });
    const b = request.body;
    let form: { fields: ParsedEventForm; owner: string } | undefined;
    if (b.Title !== undefined) {
      const body = {
        Title: b.Title,
        Description: b.Description ?? '',
        TeamTag: b.TeamTag ?? '',
        StartTime: b.StartTime ?? '',
        EndTime: b.EndTime ?? '',
        DefaultSort: b.DefaultSort ?? 'Races',
      };
      const checked = await checkForm(user, body, b.OwnerTag, existing.owner);
      if ('error' in checked) return reply.code(checked.status).send({ error: checked.error });
      form = checked;
    }
    const settings = b[PAY_TO_PLAY_KEYS[0]] !== undefined ? (b as PayToPlayBody) : undefined;
    await updateEvent(db, user.username, now(), id, { form, settings, payFlagged: b.PayFlagged }, fmt);
    return answer(id);
  });

  route(app, deleteEventEndpoint, async (request, reply) => {
    const id = request.params.EventID;
    const existing = await findEvent(db, id, tz, now());
    if (!existing) return reply.code(404).send({ error: `Event ${id} not found` });
    if (!canManageTeam(request.user!, existing.owner)) return reply.code(403).send({ error: notOwner(existing.owner) });
    await deleteEvent(db, request.user!.username, now(), id, {
      title: existing.event.Title,
      teams: existing.tags,
    });
    return { success: true as const, EventID: id };
  });
};

export default adminEvents;
