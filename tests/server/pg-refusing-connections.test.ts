/**
 * A PostgreSQL database that refuses new connections for another reason than shutting down
 * (`ALTER DATABASE … ALLOW_CONNECTIONS false`: FATAL, SQLSTATE 55000) is "the database is away"
 * as the README documents it: reads, writes and health answer 503 with Retry-After, never 500, and
 * everything answers again once it accepts connections. PostgreSQL only (PGlite has no connections).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_AWAY } from '../../server/http/app.js';
import { adminQuery } from './pg-admin.js';
import { postgresReachable, testApp, type TestContext } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';

const reachable = await postgresReachable();

describe.skipIf(!reachable)('a PostgreSQL database refusing connections (55000)', () => {
  let t: TestContext;
  let base = '';
  let name = '';
  let cookie = '';

  beforeAll(async () => {
    t = await testApp('postgres');
    name = new URL((t.db as { url?: string }).url!).pathname.slice(1);
    await addUser(t.db, { username: 'boss', password: 'boss-password-123', role: 'admin' });
    cookie = await login(t.app, 'boss', 'boss-password-123');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    await t.close();
  });

  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, init);
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  };

  it('answers 503 with Retry-After while it refuses, and answers again once it accepts', async () => {
    expect((await call('/api/team-tags')).status).toBe(200);
    await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await adminQuery('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    // Once the pool has dropped its terminated connections, a query opens a new one: refused with 55000.
    const deadline = Date.now() + 5_000;
    let code: unknown;
    while (code !== '55000' && Date.now() < deadline) {
      code = await t.db.query('SELECT 1').then(
        () => 'answered',
        (err: { code?: unknown }) => err.code,
      );
    }
    expect(code).toBe('55000');

    // Reads the public cache cannot answer (it may keep the data version for a second): each asks the database.
    for (const name of ['nobody1', 'nobody2', 'nobody3']) {
      const read = await call(`/api/racer-info?username=${name}`);
      expect(read).toEqual({ status: 503, retryAfter: '5', body: { error: DATABASE_AWAY } });
    }
    const write = await call('/api/admin/tracked-teams', {
      method: 'POST',
      headers: json(cookie),
      body: JSON.stringify({ tag: 'REFUSE' }),
    });
    expect(write).toEqual({ status: 503, retryAfter: '5', body: { error: DATABASE_AWAY } });
    const health = await call('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', database: { kind: 'postgres', reachable: false } });

    await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    expect((await call('/api/racer-info?username=nobody1')).status).toBe(404);
    expect((await call('/api/health')).status).toBe(200);
    const tracked = await call('/api/admin/tracked-teams', { headers: { cookie } });
    expect((tracked.body as Array<{ tag: string }>).map((x) => x.tag)).toEqual([]);
  });
});
