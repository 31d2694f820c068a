/**
 * Admin-only extras: bot flags (GET /api/admin/bot-flags, PUT /api/admin/bot-flags/{username}),
 * tracked teams (GET/POST /api/admin/tracked-teams, DELETE /api/admin/tracked-teams/{tag}; the
 * collector reads teams.tracked at each poll) and the audit log (GET /api/admin/audit-log).
 */
import { ErrorResponse } from '../../../contract/common.js';
import {
  AuditLogResponse,
  AuditQuery,
  BotFlagParams,
  BotFlagResponse,
  BotFlagsResponse,
  SetBotFlagBody,
  TrackTeamBody,
  TrackedTeamParams,
  TrackedTeamResponse,
  TrackedTeamsResponse,
} from '../../../contract/staff.js';
import { listAudit } from '../../db/audit.js';
import { findRacer } from '../../db/squads-repo.js';
import { listBotFlags, listTeams, setBotFlag, trackTeam, untrackTeam } from '../../db/staff-repo.js';
import { requireAdmin } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';

const refused = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

const staff: RouteModule = (app, { db, now }) => {
  app.get(
    '/admin/bot-flags',
    { onRequest: requireAdmin, schema: { tags: ['staff'], response: { 200: BotFlagsResponse, ...refused } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listBotFlags(db);
    },
  );

  app.put(
    '/admin/bot-flags/:username',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['staff'],
        params: BotFlagParams,
        body: SetBotFlagBody,
        response: { 200: BotFlagResponse, ...refused },
      },
    },
    async (request, reply) => {
      const racer = await findRacer(db, request.params.username);
      if (!racer) return reply.code(404).send({ error: `Racer ${request.params.username} not found` });
      await setBotFlag(db, request.user!.username, now(), racer, request.body.bot);
      return { success: true as const, username: racer.username, bot: request.body.bot };
    },
  );

  app.get(
    '/admin/tracked-teams',
    { onRequest: requireAdmin, schema: { tags: ['staff'], response: { 200: TrackedTeamsResponse, ...refused } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listTeams(db);
    },
  );

  app.post(
    '/admin/tracked-teams',
    {
      onRequest: requireAdmin,
      schema: { tags: ['staff'], body: TrackTeamBody, response: { 200: TrackedTeamResponse, ...refused } },
    },
    async (request) => {
      await trackTeam(db, request.user!.username, now(), request.body.tag);
      return { success: true as const, tag: request.body.tag, tracked: true };
    },
  );

  app.delete(
    '/admin/tracked-teams/:tag',
    {
      onRequest: requireAdmin,
      schema: { tags: ['staff'], params: TrackedTeamParams, response: { 200: TrackedTeamResponse, ...refused } },
    },
    async (request, reply) => {
      const { tag } = request.params;
      if (!(await untrackTeam(db, request.user!.username, now(), tag)))
        return reply.code(404).send({ error: `Team ${tag} not found` });
      return { success: true as const, tag, tracked: false };
    },
  );

  app.get(
    '/admin/audit-log',
    {
      onRequest: requireAdmin,
      schema: { tags: ['staff'], querystring: AuditQuery, response: { 200: AuditLogResponse, ...refused } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { before, limit } = request.query;
      const rows = await listAudit(db, { before, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        entries: page.map((r) => ({ ...r, at: r.at.toISOString() })),
        nextBefore: rows.length > limit ? page[page.length - 1].id : null,
      };
    },
  );
};

export default staff;
