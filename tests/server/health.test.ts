/** GET /api/health: fields, the age of the last successful poll, 503 when the database cannot serve. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataChanges } from '../../server/db/data-version.js';
import { migrationNames } from '../../server/db/migrate.js';
import { buildApp } from '../../server/http/app.js';
import { checkHealth } from '../../server/ops/health.js';
import { loadConfig } from '../../server/config.js';
import { dbKinds, freshDatabase, testApp, type TestContext } from './helpers.js';

const version = (await import('../../package.json', { with: { type: 'json' } })).default.version;

describe.each(dbKinds)('GET /api/health on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, new Date('2026-03-10T18:00:00Z'));
  });
  afterAll(() => t.close());

  it('answers 200, not cached, with no poll yet', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      version,
      database: { kind, reachable: true },
      migrations: { current: true, pending: [] },
      lastSuccessfulPollAt: null,
      lastSuccessfulPollAgeSeconds: null,
      failingTeams: [],
      checkedAt: '2026-03-10T18:00:00.000Z',
    });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.error).toBeUndefined();
  });

  it('gives the age of the last run that polled a team, skipping failed and unfinished runs', async () => {
    await t.db.query(
      `INSERT INTO collector_runs (started_at, finished_at, snapshot_at, teams_ok, teams_failed) VALUES
         ('2026-03-10T17:30:00Z', '2026-03-10T17:30:41Z', '2026-03-10T17:30:00Z', 2, 0),
         ('2026-03-10T17:40:00Z', '2026-03-10T17:40:09Z', '2026-03-10T17:40:00Z', 0, 2),
         ('2026-03-10T17:50:00Z', NULL, '2026-03-10T17:50:00Z', 0, 0)`,
    );
    const body = (await t.app.inject('/api/health')).json();
    expect(body.lastSuccessfulPollAt).toBe('2026-03-10T17:30:41.000Z');
    // 18:00:00 − 17:30:41 = 29 min 19 s.
    expect(body.lastSuccessfulPollAgeSeconds).toBe(29 * 60 + 19);
  });

  it('answers 503 when the schema lacks a shipped migration', async () => {
    const last = migrationNames().at(-1)!;
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last]);
    try {
      const res = await t.app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', migrations: { current: false, pending: [last] } });
      expect(res.json().error).toMatch(/1 migration/);
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last]);
    }
  });
});

describe.each(dbKinds)('GET /api/health with the database closed on %s', (kind) => {
  it('answers 503 with a JSON error', async () => {
    const db = await freshDatabase(kind);
    const app = await buildApp({
      db,
      config: { ...loadConfig({}), demo: false, trackedTeams: [] },
      now: () => new Date(),
    });
    await app.ready();
    await db.close();
    try {
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        version,
        database: { kind, reachable: false, latencyMs: null },
        failingTeams: null,
      });
      expect(res.json().error).toMatch(/^Database unavailable: /);
      // A browser's session cookie must not turn the answer into a 500 from the session lookup.
      const withCookie = await app.inject({ url: '/api/health', cookies: { sid: 'x'.repeat(43) } });
      expect(withCookie.statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe('checkHealth against a database that never answers', () => {
  it('gives up after the timeout and reports the database unreachable', async () => {
    const hanging = new Promise<never>(() => {});
    const db = {
      kind: 'postgres' as const,
      query: () => hanging,
      exec: () => hanging,
      transaction: () => hanging,
      dataChanges: new DataChanges(),
      close: async () => {},
    };
    const started = Date.now();
    const result = await checkHealth(db, new Date('2026-03-10T18:00:00Z'), 50);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result).toMatchObject({
      status: 'unavailable',
      database: { kind: 'postgres', reachable: false },
      error: 'Database unavailable: no answer within 50 ms',
    });
  });
});
