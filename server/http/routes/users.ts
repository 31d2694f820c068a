/**
 * GET/POST /api/users, PUT/DELETE /api/users/{id}: staff accounts, admin only. The last admin can
 * be neither deleted nor demoted. (The user form's racer list is GET /api/member-data-latest.)
 */
import {
  createUser as createUserEndpoint,
  deleteUser as deleteUserEndpoint,
  updateUser as updateUserEndpoint,
  users as usersEndpoint,
} from '../../../contract/users.js';
import { hashPassword } from '../../auth/passwords.js';
import {
  UserChangeError,
  createUser,
  deleteUser,
  listUsers,
  setPassword,
  teamExists,
  updateUser,
} from '../../db/users-repo.js';
import { SESSION_COOKIE, hashSessionId } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const users: RouteModule = (app, { db, now }) => {
  route(app, usersEndpoint, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return (await listUsers(db)).map((u) => ({
      id: u.id,
      username: u.username,
      role: u.role,
      userID: u.userID,
      teamTag: u.teamTag,
      racerUsername: u.racerUsername,
      created_at: u.createdAt.toISOString(),
      last_login: u.lastLogin ? u.lastLogin.toISOString() : null,
    }));
  });

  route(app, createUserEndpoint, async (request, reply) => {
    const b = request.body;
    const teamTag = b.teamTag ?? null;
    if (teamTag && !(await teamExists(db, teamTag)))
      return reply.code(400).send({ error: `Unknown team tag ${teamTag}` });
    try {
      const id = await createUser(
        db,
        request.user!.username,
        now(),
        { username: b.username, role: b.role, userID: b.userID ?? null, teamTag },
        await hashPassword(b.password),
      );
      return { success: true as const, id };
    } catch (err) {
      if (err instanceof UserChangeError) return reply.code(err.status).send({ error: err.message });
      throw err;
    }
  });

  route(app, updateUserEndpoint, async (request, reply) => {
    const { id } = request.params;
    const b = request.body;
    const actor = request.user!.username;
    try {
      if (b.password !== undefined) {
        // The caller keeps their own session when changing their own password; all others end.
        const sid = request.cookies[SESSION_COOKIE];
        const keep = request.user!.id === id && sid ? hashSessionId(sid) : null;
        await setPassword(db, actor, now(), id, await hashPassword(b.password), keep);
      } else {
        if (b.teamTag && !(await teamExists(db, b.teamTag)))
          return reply.code(400).send({ error: `Unknown team tag ${b.teamTag}` });
        await updateUser(db, actor, now(), id, {
          username: b.username!,
          role: b.role,
          userID: b.userID,
          teamTag: b.teamTag,
        });
      }
      return { success: true as const, id };
    } catch (err) {
      if (err instanceof UserChangeError) return reply.code(err.status).send({ error: err.message });
      throw err;
    }
  });

  route(app, deleteUserEndpoint, async (request, reply) => {
    try {
      await deleteUser(db, request.user!.username, now(), request.params.id);
      return { success: true as const, id: request.params.id };
    } catch (err) {
      if (err instanceof UserChangeError) return reply.code(err.status).send({ error: err.message });
      throw err;
    }
  });
};

export default users;
