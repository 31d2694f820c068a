/** GET /api/me and GET /api/my-team-tag: who is logged in, and the team a teamadmin manages. */
import { MeResponse, MyTeamTagResponse } from '../../../contract/auth.js';
import type { RouteModule } from '../context.js';

const session: RouteModule = (app) => {
  app.get('/me', { schema: { tags: ['auth'], response: { 200: MeResponse } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const u = request.user;
    return u
      ? { logged_in: true, username: u.username, role: u.role }
      : { logged_in: false, username: null, role: null };
  });

  app.get(
    '/my-team-tag',
    { schema: { tags: ['auth'], response: { 200: MyTeamTagResponse } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { teamTag: request.user?.teamTag ?? null };
    },
  );
};

export default session;
