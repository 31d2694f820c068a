/**
 * PostgreSQL not answering when the server starts (a reboot where it comes up second, a failover
 * during a deploy) needs nobody: the start (`server/main.ts` `startServer`, as `npm start` runs it)
 * neither fails nor ends; the port answers "getting ready" and /api/health 503 naming the database;
 * it tries again with back-off, one warning each, and serves once the database answers. A stop
 * while it waits ends it at once. The database is reached through a TCP proxy of the test's own
 * (tcp-proxy.ts).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/main.js';
import { SERVER_VERSION } from '../../server/ops/version.js';
import { createTestDatabase, PG_URL, postgresReachable, TEST_TZ, type TestDatabase } from './helpers.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

const reachable = await postgresReachable();

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Answer = { status: number; body: string; type: string | null } | 'refused';

async function ask(port: number, urlPath: string, accept = 'application/json'): Promise<Answer> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${urlPath}`, {
      headers: { accept },
      signal: AbortSignal.timeout(5_000),
    });
    return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
  } catch {
    return 'refused';
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!reachable)('PostgreSQL not answering at start', { timeout: 60_000 }, () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-start-waiting-'));
  const savedEnv = { ...process.env };
  /** The JSON lines the start wrote before its logger existed. */
  const early: Array<Record<string, unknown>> = [];
  const servers: RunningServer[] = [];
  const stdoutWrite = process.stdout.write;

  beforeAll(async () => {
    // A copy of the migrated template: the start has nothing to migrate.
    testDb = await createTestDatabase(inject('postgresTemplate')!);
    const pg = new URL(PG_URL);
    proxy = await startTcpProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
    await proxy.refuse();
    const url = new URL(testDb.url);
    url.host = `127.0.0.1:${proxy.port}`;
    Object.assign(process.env, {
      DATABASE_URL: url.toString(),
      HOST: '127.0.0.1',
      TRACKED_TEAMS: 'WAIT',
      GAME_API_BASE: 'http://127.0.0.1:9/api/v2',
      SITE_TIMEZONE: TEST_TZ,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-build'),
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
      SITE_URL: '',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'silent',
    });
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = String(chunk);
      if (!text.includes('PostgreSQL is not answering'))
        return (stdoutWrite as (...args: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
      early.push(JSON.parse(text) as Record<string, unknown>);
      return true;
    }) as typeof process.stdout.write;
  });
  afterAll(async () => {
    process.stdout.write = stdoutWrite;
    for (const s of servers) await s.stop();
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
    await proxy?.close();
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const port = await freePort();
    process.env.PORT = String(port);
    const server = startServer({ schedule: false });
    servers.push(server);
    let failure: unknown = null;
    server.ready.catch((err: unknown) => (failure = err));
    return { server, port, failure: () => failure };
  };

  /** The health answer once it says the start waits for the database. */
  const waitingHealth = (s: Awaited<ReturnType<typeof start>>) =>
    until('health naming the database', async () => {
      if (s.failure()) throw new Error(`the start failed: ${String(s.failure())}`);
      const a = await ask(s.port, '/api/health');
      if (a === 'refused') return undefined;
      const body = JSON.parse(a.body) as { error?: string };
      return body.error?.startsWith('Waiting') ? { status: a.status, body } : undefined;
    });

  const refused = () => `connect ECONNREFUSED 127.0.0.1:${proxy.port}`;

  it('answers "getting ready" and health 503 naming the database, retries with back-off, then serves', async () => {
    const s = await start();
    const health = await waitingHealth(s);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({
      status: 'starting',
      version: SERVER_VERSION,
      database: { kind: 'postgres', reachable: false, latencyMs: null },
      migrations: { current: false, pending: null },
      lastSuccessfulPollAt: null,
      lastSuccessfulPollAgeSeconds: null,
      failingTeams: null,
      checkedAt: expect.any(String),
      error: expect.stringMatching(
        new RegExp(`^Waiting for the database \\(PostgreSQL\\): ${refused()}; trying again in (1|2) s$`),
      ),
    });
    const page = await ask(s.port, '/leaderboards', 'text/html');
    expect(page !== 'refused' && [page.status, page.type]).toEqual([503, 'text/html; charset=utf-8']);
    expect((page as Exclude<Answer, 'refused'>).body).toContain('<p>It is waiting for its database to answer.</p>');

    // The second attempt 1 s after the first, the third 2 s after that: one warning each.
    await until('the second failed attempt', async () => (early.length >= 2 ? true : undefined));
    expect(early).toEqual([
      {
        level: 40,
        time: expect.any(Number),
        msg: `PostgreSQL is not answering (${refused()}): attempt 1 failed, trying again in 1 s`,
      },
      {
        level: 40,
        time: expect.any(Number),
        msg: `PostgreSQL is not answering (${refused()}): attempt 2 failed, trying again in 2 s`,
      },
    ]);
    expect((early[1].time as number) - (early[0].time as number)).toBeGreaterThanOrEqual(900);
    expect(s.failure()).toBeNull();

    await proxy.open();
    await s.server.ready;
    const ready = await ask(s.port, '/api/health');
    expect(ready !== 'refused' && ready.status).toBe(200);
    const tags = await ask(s.port, '/api/team-tags');
    expect(tags !== 'refused' && tags.status).toBe(200);
    await s.server.stop();
    expect(await ask(s.port, '/api/health')).toBe('refused');
  });

  it('stops at once when asked to while it waits', async () => {
    await proxy.refuse();
    const s = await start();
    await waitingHealth(s);
    const asked = Date.now();
    await s.server.stop();
    expect(Date.now() - asked).toBeLessThan(1_000);
    expect(await ask(s.port, '/api/health')).toBe('refused');
    // The start ended as stopped, not as failed.
    expect(String(s.failure())).toMatch(/stopp/);
  });
});
