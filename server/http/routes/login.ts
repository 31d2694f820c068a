/**
 * POST /api/login and POST /api/logout. A failed login answers "Login failed" whether or not the
 * username exists (an unknown name costs the same password-check time); repeated attempts are
 * throttled per username and address, per address, and per username from addresses it has not
 * logged in from before (server/db/login-throttle.ts): 429 with Retry-After. A success also sets a
 * device cookie (server/auth/device-cookie.ts): that browser's later attempts for the username are
 * judged by its own failures only, until the account's password changes.
 */
import { login as loginEndpoint, logout } from '../../../contract/auth.js';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_SECRET,
  deviceNonce,
  newDeviceCookie,
} from '../../auth/device-cookie.js';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.js';
import { finishLoginSuccess, startLoginAttempt } from '../../db/login-throttle.js';
import { serverSecret } from '../../db/server-secrets-repo.js';
import { createSession, deleteSession } from '../../db/sessions-repo.js';
import { endStaffSummaries } from '../../db/push-repo.js';
import { findLoginUser } from '../../db/users-repo.js';
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  clearSessionCookie,
  hashSessionId,
  newSessionId,
  setSessionCookie,
} from '../plugins/auth.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';

const login: RouteModule = (app, { db, now }) => {
  let secret: Promise<string> | undefined;
  const deviceSecret = () =>
    (secret ??= serverSecret(db, DEVICE_SECRET).catch((err: unknown) => {
      secret = undefined;
      throw err;
    }));

  route(app, loginEndpoint, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { username, password } = request.body;
    const at = now();
    // A device cookie counts only while the password it was made under is the account's (an
    // unknown username has none: its check costs the same).
    const user = await findLoginUser(db, username);
    const nonce = deviceNonce(
      await deviceSecret(),
      request.cookies[DEVICE_COOKIE],
      username,
      user?.password_hash ?? '',
    );
    const device = user ? nonce : null;
    const retryAt = await startLoginAttempt(db, request.ip, username, at, device);
    if (retryAt) {
      const seconds = Math.max(1, Math.ceil((retryAt.getTime() - at.getTime()) / 1000));
      reply.header('Retry-After', String(seconds));
      const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
      return reply.code(429).send({ error: `Too many login attempts. Try again in ${wait}.` });
    }
    const ok = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) {
      request.log.info({ event: 'login-failed' }, 'login failed');
      return reply.code(401).send({ error: 'Login failed' });
    }
    await finishLoginSuccess(db, request.ip, username, at, device);
    const sid = newSessionId();
    await createSession(db, user.id, hashSessionId(sid), at, new Date(at.getTime() + SESSION_TTL_MS));
    setSessionCookie(request, reply, sid);
    reply.setCookie(DEVICE_COOKIE, newDeviceCookie(await deviceSecret(), user.username, user.password_hash), {
      path: '/api/login',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
    return { success: true as const, username: user.username, role: user.role };
  });

  route(app, logout, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const sid = request.cookies[SESSION_COOKIE];
    if (sid && sid.length <= 200) {
      const idHash = hashSessionId(sid);
      await deleteSession(db, idHash);
      // The staff summary this session chose on a device ends with it; the device's own messages stay.
      await endStaffSummaries(db, idHash);
    }
    clearSessionCookie(request, reply);
    return { success: true as const };
  });
};

export default login;
