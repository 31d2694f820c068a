/**
 * Admin-only extras: bot flags (GET /api/admin/bot-flags, PUT /api/admin/bot-flags/{username}),
 * tracked teams (GET/POST /api/admin/tracked-teams, DELETE /api/admin/tracked-teams/{tag}; the
 * collector reads teams.tracked at each poll; the list says since when a team fails, and why) and
 * the audit log (GET /api/admin/audit-log).
 */
import {
  auditLog,
  botFlags,
  setBotFlag as setBotFlagEndpoint,
  trackTeam as trackTeamEndpoint,
  trackedTeams,
  untrackTeam as untrackTeamEndpoint,
} from '../../../contract/staff.js';
import { listAudit } from '../../db/audit.js';
import { findRacer } from '../../db/squads-repo.js';
import { listBotFlags, listTeams, setBotFlag, trackTeam, untrackTeam } from '../../db/staff-repo.js';
import { teamFailures } from '../../ops/team-failures.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const staff: RouteModule = (app, { db, now }) => {
  route(app, botFlags, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listBotFlags(db);
  });

  route(app, setBotFlagEndpoint, async (request, reply) => {
    const racer = await findRacer(db, request.params.username);
    if (!racer) return reply.code(404).send({ error: `Racer ${request.params.username} not found` });
    await setBotFlag(db, request.user!.username, now(), racer, request.body.bot);
    return { success: true as const, username: racer.username, bot: request.body.bot };
  });

  route(app, trackedTeams, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const failing = new Map((await teamFailures(db)).map((f) => [f.tag, f]));
    return (await listTeams(db)).map((t) => ({
      ...t,
      failingSince: failing.get(t.tag)?.failingSince ?? null,
      lastError: failing.get(t.tag)?.lastError ?? null,
    }));
  });

  route(app, trackTeamEndpoint, async (request) => {
    await trackTeam(db, request.user!.username, now(), request.body.tag);
    return { success: true as const, tag: request.body.tag, tracked: true };
  });

  route(app, untrackTeamEndpoint, async (request, reply) => {
    const { tag } = request.params;
    if (!(await untrackTeam(db, request.user!.username, now(), tag)))
      return reply.code(404).send({ error: `Team ${tag} not found` });
    return { success: true as const, tag, tracked: false };
  });

  route(app, auditLog, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { before, limit } = request.query;
    const rows = await listAudit(db, { before, limit: limit + 1 });
    const page = rows.slice(0, limit);
    return {
      entries: page.map((r) => ({ ...r, at: r.at.toISOString() })),
      nextBefore: rows.length > limit ? page[page.length - 1].id : null,
    };
  });
};

export default staff;
