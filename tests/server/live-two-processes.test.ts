/**
 * Two app instances on one PostgreSQL database, as two processes behind a load balancer: a staff
 * write through one reaches a stream client of the other, and a change committed by a third
 * connection that no instance hears of (another process's collector) reaches both, within a few
 * seconds (each instance reads the version every 2 s while a stream is open), once its run is
 * whole (a team's write inside the run alone sends nothing). Both instances live
 * in this test's process, so the first case may also be carried by the in-process change notice;
 * the second can only be carried by the polling, as between real processes.
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { Database, Queryable } from '../../server/db/database.js';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { migrate } from '../../server/db/migrate.js';
import { openPostgres } from '../../server/db/postgres.js';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import { createTestDatabase, postgresReachable, TEST_TZ } from './helpers.js';
import { openLiveStream, type LiveStream } from './live-client.js';
import { addUser, json, login } from './staff-helpers.js';

const reachable = await postgresReachable();

describe.skipIf(!reachable)('live stream across two instances on PostgreSQL', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  const dbs: Database[] = [];
  const apps: App[] = [];
  const streams: LiveStream[] = [];

  async function instance(): Promise<{ app: App; liveUrl: string }> {
    const db = await openPostgres(testDb!.url, { max: 3 });
    dbs.push(db);
    const config = { ...loadConfig({}), siteTimezone: TEST_TZ, trackedTeams: [], demo: false, trustProxy: true };
    const app = await buildApp({ db, config, now: () => new Date() });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, liveUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/live` };
  }

  async function stream(url: string): Promise<LiveStream> {
    const s = await openLiveStream(url);
    streams.push(s);
    return s;
  }

  let a: { app: App; liveUrl: string };
  let b: { app: App; liveUrl: string };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    a = await instance();
    await migrate(dbs[0]);
    b = await instance();
    await addUser(dbs[0], { username: 'boss', password: 'boss-password-123', role: 'admin' });
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await testDb?.drop();
  });

  it('a staff write through one instance reaches a stream of the other', async () => {
    const onB = await stream(b.liveUrl);
    expect(await onB.next()).toEqual({ kind: 'version', data: '{"version":0}' });
    const cookie = await login(a.app, 'boss', 'boss-password-123');
    const started = Date.now();
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/admin/tracked-teams',
      headers: json(cookie),
      payload: { tag: 'NEWT' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onB.versionAtLeast(1, 5000)).toBe(1);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a change committed by another process reaches the streams of both instances', async () => {
    const onA = await stream(a.liveUrl);
    const onB = await stream(b.liveUrl);
    expect(await onA.next()).toEqual({ kind: 'version', data: '{"version":1}' });
    expect(await onB.next()).toEqual({ kind: 'version', data: '{"version":1}' });
    // A third connection, as another process's collector: neither instance hears a change notice.
    const other = new pg.Client({ connectionString: testDb!.url });
    await other.connect();
    const collector = other as unknown as Queryable;
    // A team written inside its run: the streams wait for the run to be whole...
    expect(await bumpDataVersion(collector, { partOfRun: true })).toBe(2);
    await expect(onA.next(2500)).rejects.toThrow('no stream item');
    // ...and its end: each stream hears of both at once.
    expect(await bumpDataVersion(collector)).toBe(3);
    await other.end();
    const started = Date.now();
    expect(await onA.next(5000)).toEqual({ kind: 'version', data: '{"version":3}' });
    expect(await onB.next(5000)).toEqual({ kind: 'version', data: '{"version":3}' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
