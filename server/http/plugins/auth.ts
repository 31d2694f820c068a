/**
 * Sessions and roles. A session id is 32 random bytes in an HttpOnly cookie; the database keeps
 * only its SHA-256, with an expiry. `request.user` is the logged-in staff user or null.
 * `registerAuth` also installs the mutation guard (JSON bodies only, no foreign Origin).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../../contract/common.js';
import { findSessionUser } from '../../db/sessions-repo.js';
import type { App, AppDeps } from '../context.js';
import { registerOriginCheck } from './origin-check.js';

export const SESSION_COOKIE = 'sid';
const HEALTH_PATH = '/api/health';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
  /**
   * The team a teamadmin manages: only the admin's explicit grant (users.team_tag). Never derived
   * from the linked racer's current team, which follows the racer when they move to another team.
   */
  teamTag: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function hashSessionId(id: string): string {
  return crypto.createHash('sha256').update(id).digest('hex');
}

export function newSessionId(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export async function loadSessionUser(deps: AppDeps, sid: string | undefined): Promise<SessionUser | null> {
  if (!sid || sid.length > 200) return null;
  return findSessionUser(deps.db, hashSessionId(sid), deps.now());
}

export function registerAuth(app: App, deps: AppDeps): void {
  registerOriginCheck(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    // The health check must answer 503, not fail in the session lookup, when the database is down.
    if (request.routeOptions.url === HEALTH_PATH) return;
    request.user = await loadSessionUser(deps, request.cookies[SESSION_COOKIE]);
  });
}

/** preHandler: 401 for anonymous callers, 403 for anyone but an admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) return reply.code(401).send({ error: 'Login required' });
  if (request.user.role !== 'admin') return reply.code(403).send({ error: 'Admin access required' });
}

/** Whether the user may manage the events and squads of `tag`: a teamadmin only their granted team. */
export function canManageTeam(user: SessionUser, tag: string): boolean {
  return (
    user.role === 'admin' || (user.role === 'teamadmin' && user.teamTag !== null && user.teamTag === tag.toUpperCase())
  );
}

/** preHandler: 401 for anonymous callers, 403 for a role other than admin or teamadmin. */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) return reply.code(401).send({ error: 'Login required' });
  if (request.user.role !== 'admin' && request.user.role !== 'teamadmin') {
    return reply.code(403).send({ error: 'Staff access required' });
  }
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure when the site is served over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sid: string): void {
  reply.setCookie(SESSION_COOKIE, sid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
