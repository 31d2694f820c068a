/** GET /api/me and GET /api/my-team-tag: who is logged in, and the team a teamadmin manages. */
import { me, myTeamTag } from '../../../contract/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const session: RouteModule = (app) => {
  route(app, me, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const u = request.user;
    return u
      ? { logged_in: true, username: u.username, role: u.role }
      : { logged_in: false, username: null, role: null };
  });

  route(app, myTeamTag, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { teamTag: request.user?.teamTag ?? null };
  });
};

export default session;
