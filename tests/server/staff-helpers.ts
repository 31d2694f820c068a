/** Fixtures for the staff tests: accounts with real password hashes, and logging in over HTTP. */
import { expect } from 'vitest';
import type { Role } from '../../contract/common.js';
import type { Database } from '../../server/db/database.js';
import { hashPassword } from '../../server/auth/passwords.js';
import type { App } from '../../server/http/context.js';

export async function addUser(
  db: Database,
  u: { username: string; password: string; role: Role; teamTag?: string | null; userID?: string | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO users (username, password_hash, role, team_tag, user_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [u.username, await hashPassword(u.password), u.role, u.teamTag ?? null, u.userID ?? null],
  );
  return rows[0].id;
}

/** The `sid=…` cookie pair of a Set-Cookie answer. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const first = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('sid='));
  if (!first) throw new Error('no session cookie set');
  return first.split(';')[0];
}

/** Logs in and returns the Cookie header to send with later requests. */
export async function login(app: App, username: string, password: string, ip = '10.0.0.1'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res.headers['set-cookie']);
}

export const json = (cookie?: string) => ({ 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });

export async function auditActions(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ action: string }>('SELECT action FROM audit_log ORDER BY id');
  return rows.map((r) => r.action);
}
