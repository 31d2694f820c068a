/**
 * GET/POST /api/users, PUT/DELETE /api/users/{id}: staff accounts, admin only. The last admin can
 * be neither deleted nor demoted. (The user form's racer list is GET /api/member-data-latest.)
 */
import { ErrorResponse } from '../../../contract/common.js';
import {
  CreateUserBody,
  UpdateUserBody,
  UserChangeResponse,
  UserIdParams,
  UsersResponse,
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
import { SESSION_COOKIE, hashSessionId, requireAdmin } from '../plugins/auth.js';
import type { RouteModule } from '../context.js';

const refused = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const users: RouteModule = (app, { db, now }) => {
  app.get(
    '/users',
    {
      onRequest: requireAdmin,
      schema: { tags: ['users'], response: { 200: UsersResponse, 401: ErrorResponse, 403: ErrorResponse } },
    },
    async (_request, reply) => {
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
    },
  );

  app.post(
    '/users',
    {
      onRequest: requireAdmin,
      schema: { tags: ['users'], body: CreateUserBody, response: { 200: UserChangeResponse, ...refused } },
    },
    async (request, reply) => {
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
    },
  );

  app.put(
    '/users/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['users'],
        params: UserIdParams,
        body: UpdateUserBody,
        response: { 200: UserChangeResponse, ...refused },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: requireAdmin,
      schema: { tags: ['users'], params: UserIdParams, response: { 200: UserChangeResponse, ...refused } },
    },
    async (request, reply) => {
      try {
        await deleteUser(db, request.user!.username, now(), request.params.id);
        return { success: true as const, id: request.params.id };
      } catch (err) {
        if (err instanceof UserChangeError) return reply.code(err.status).send({ error: err.message });
        throw err;
      }
    },
  );
};

export default users;
