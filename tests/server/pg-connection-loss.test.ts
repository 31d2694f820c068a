/**
 * Losing the PostgreSQL connection ends no process. Two servers on one database, as behind a
 * load balancer: this test's own app, running the collector on a short slot, and `server/main.ts`
 * as a child process. Both reach PostgreSQL through a TCP proxy of the test's own (tcp-proxy.ts),
 * each under its own application_name, so the test terminates their backends and no one else's,
 * and takes the database away and back without touching the shared server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { COLLECTOR_LOCK } from '../../server/db/collector-lock.js';
import { startScheduler, type Scheduler } from '../../server/collector/scheduler.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { CONNECT_TIMEOUT_MS, openPostgres } from '../../server/db/postgres.js';
import { trackTeam } from '../../server/db/teams-repo.js';
import { buildApp, DATABASE_AWAY } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import { HEALTH_DB_TIMEOUT_MS } from '../../server/ops/health.js';
import { GameSimulator } from '../../server/simulator/game-simulator.js';
import { startHeldGameApi, type HeldGameApi } from './held-game-api.js';
import { createTestDatabase, PG_URL, postgresReachable, TEST_TZ } from './helpers.js';
import { addUser, login } from './staff-helpers.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

const reachable = await postgresReachable();
const ROOT = path.resolve(import.meta.dirname, '../..');
/** The collector's slot in this test's app; a request may start in its first 2 s (the rest is its timeout). */
const SLOT_MS = 6_000;
const GAME_TIMEOUT_MS = 4_000;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
  ms: number;
}

async function call(base: string, urlPath: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${base}${urlPath}`, init);
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    retryAfter: res.headers.get('retry-after'),
    ms: Date.now() - started,
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null && value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `server/main.ts` in a child process; resolves with its address once it listens. */
function startServerProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; log: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ADMIN_USERNAME: '', ADMIN_PASSWORD: '', SITE_URL: '', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log.push(chunk.toString());
      const m = /NT Team Stats is up on http:\/\/localhost:(\d+)/.exec(log.join(''));
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}`, log });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${log.join('')}`)));
  });
}

describe.skipIf(!reachable)('a dropped PostgreSQL connection on two servers', () => {
  const suffix = crypto.randomBytes(4).toString('hex');
  const names = { a: `ntts_drop_${suffix}_a`, b: `ntts_drop_${suffix}_b` };
  const sim = new GameSimulator({ seed: 4, teams: 1, racersPerTeam: 6, start: new Date('2026-03-09T00:00:00Z') });
  const tag = sim.tags[0];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-connection-loss-'));

  let testDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let proxy: TcpProxy | undefined;
  let game: HeldGameApi | undefined;
  /** Straight to PostgreSQL, for the test's own reads. */
  let direct: Database | undefined;
  let dbA: Database | undefined;
  let appA: App | undefined;
  let scheduler: Scheduler | undefined;
  let server: { child: ChildProcess; base: string; log: string[] } | undefined;
  let a = '';
  let b = '';
  let cookie = '';

  const through = (name: string) => {
    const url = new URL(testDb!.url);
    url.host = `127.0.0.1:${proxy!.port}`;
    url.searchParams.set('application_name', name);
    return url.toString();
  };
  const runs = async () =>
    (
      await direct!.query<{ id: number; teams_ok: number; teams_failed: number }>(
        'SELECT id, teams_ok, teams_failed FROM collector_runs WHERE finished_at IS NOT NULL ORDER BY id',
      )
    ).rows;
  const lastRunId = async () => (await runs()).at(-1)?.id ?? 0;
  /** A run after `afterId` that polled the team. */
  const polledAfter = async (afterId: number) => (await runs()).find((r) => r.id > afterId && r.teams_ok === 1);
  const alive = () => server!.child.exitCode === null && server!.child.signalCode === null;
  const write = (base: string) =>
    call(base, '/api/admin/tracked-teams', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ tag: 'OUTAGE' }),
    });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const pgAddress = new URL(PG_URL);
    proxy = await startTcpProxy({ host: pgAddress.hostname, port: Number(pgAddress.port || 5432) });
    game = await startHeldGameApi(sim, new Date('2026-03-10T18:00:00Z'));
    direct = await openPostgres(testDb.url, { max: 2 });
    await migrate(direct);
    await addUser(direct, { username: 'boss', password: 'boss-password-123', role: 'admin' });
    await trackTeam(direct, tag);

    dbA = await openPostgres(through(names.a), { max: 3 });
    const config = { ...loadConfig({}), siteTimezone: TEST_TZ, trackedTeams: [tag], demo: false, trustProxy: true };
    appA = await buildApp({ db: dbA, config, now: () => new Date() });
    await appA.listen({ port: 0, host: '127.0.0.1' });
    a = `http://127.0.0.1:${(appA.server.address() as AddressInfo).port}`;
    cookie = await login(appA, 'boss', 'boss-password-123');
    scheduler = startScheduler({
      db: dbA,
      base: game.baseUrl,
      tz: TEST_TZ,
      intervalMs: SLOT_MS,
      offsetMs: 0,
      tags: [tag],
      poll: { delayMs: 0, timeoutMs: GAME_TIMEOUT_MS },
    });

    server = await startServerProcess({
      DATABASE_URL: through(names.b),
      PORT: '0',
      HOST: '127.0.0.1',
      TRACKED_TEAMS: tag,
      GAME_API_BASE: game.baseUrl,
      SITE_TIMEZONE: TEST_TZ,
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-build'),
    });
    b = server.base;
  }, 120_000);

  afterAll(async () => {
    game?.release();
    await scheduler?.stop();
    await appA?.close();
    await dbA?.close();
    if (server && alive()) {
      const child = server.child;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const stuck = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(stuck);
    }
    await game?.close();
    await proxy?.close();
    await direct?.close();
    await testDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('both servers answer and the collector polls', async () => {
    expect((await call(a, '/api/health')).status).toBe(200);
    expect((await call(b, '/api/health')).status).toBe(200);
    await waitFor('a collector run', () => polledAfter(0), 3 * SLOT_MS);
  }, 60_000);

  it('terminating both servers’ backends mid-run ends neither, and the next slot takes the lock again', async () => {
    game!.hold();
    await waitFor('a run waiting for the game', async () => (game!.held > 0 ? true : null), 3 * SLOT_MS);
    // The held run is not finished: it is not among these.
    const runBefore = await lastRunId();
    // The server process holds a connection too (idle in its pool).
    expect((await call(b, '/api/health')).status).toBe(200);
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    let terminated: string[];
    try {
      const lock = await admin.query(
        `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid)
          WHERE l.locktype = 'advisory' AND l.objid = $1 AND l.granted AND a.application_name = ANY($2)`,
        [COLLECTOR_LOCK, [names.a, names.b]],
      );
      expect(lock.rows.map((r) => r.application_name)).toEqual([names.a]);
      const killed = await admin.query<{ application_name: string }>(
        `SELECT application_name FROM pg_stat_activity
          WHERE application_name = ANY($1) AND pg_terminate_backend(pid)`,
        [[names.a, names.b]],
      );
      terminated = killed.rows.map((r) => r.application_name);
    } finally {
      await admin.end();
    }
    const cutAt = Date.now();
    expect(new Set(terminated)).toEqual(new Set([names.a, names.b]));

    // The run lost its lock: it stops at once instead of waiting out the game's answer.
    await waitFor('the run to give up its request', async () => (game!.givenUp.length > 0 ? true : null), 3_000);
    expect(game!.givenUp[0] - cutAt).toBeLessThan(GAME_TIMEOUT_MS / 2);
    game!.release();

    await new Promise((r) => setTimeout(r, 500));
    expect(alive(), server!.log.join('')).toBe(true);
    expect((await call(a, '/api/health')).status).toBe(200);
    expect((await call(b, '/api/health')).status).toBe(200);
    expect((await call(b, '/api/team-tags')).status).toBe(200);

    // A later slot takes the lock again and polls the team (the stopped run's request never got its answer).
    await waitFor('the next slot', () => polledAfter(runBefore), 3 * SLOT_MS);
    // Never two collectors at once: the game never had two requests open.
    expect(game!.maxOpen).toBe(1);
  }, 60_000);

  it('while the database refuses connections, reads, writes and health answer 503 at once', async () => {
    await proxy!.refuse();
    for (const base of [a, b]) {
      const read = await call(base, '/api/team-tags');
      expect(read.status).toBe(503);
      expect(read.body).toEqual({ error: DATABASE_AWAY });
      expect(Number(read.retryAfter)).toBeGreaterThan(0);
      const staffWrite = await write(base);
      expect(staffWrite.status).toBe(503);
      expect(staffWrite.body).toEqual({ error: DATABASE_AWAY });
      const health = await call(base, '/api/health');
      expect(health.status).toBe(503);
      expect(health.body.status).toBe('unavailable');
      expect(Math.max(read.ms, staffWrite.ms, health.ms)).toBeLessThan(3_000);
    }
    expect(alive(), server!.log.join('')).toBe(true);
  }, 60_000);

  it('while the database does not answer at all, a read answers 503 within the connect timeout', async () => {
    await proxy!.hang();
    const [readA, readB, healthB] = await Promise.all([
      call(a, '/api/racer-info?username=nobody'),
      call(b, '/api/racer-info?username=nobody'),
      call(b, '/api/health'),
    ]);
    for (const read of [readA, readB]) {
      expect(read.status).toBe(503);
      expect(read.body).toEqual({ error: DATABASE_AWAY });
      expect(read.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 3_000);
    }
    expect(healthB.status).toBe(503);
    expect(healthB.ms).toBeLessThan(HEALTH_DB_TIMEOUT_MS + 3_000);
    expect(alive(), server!.log.join('')).toBe(true);
  }, 60_000);

  it('within seconds of its return both answer again, the outage’s write changed nothing, and the collector polls', async () => {
    const runBefore = await lastRunId();
    await proxy!.open();
    const back = Date.now();
    for (const base of [a, b]) {
      await waitFor('health 200', async () => ((await call(base, '/api/health')).status === 200 ? true : null), 10_000);
      // The same address that answered 503: the failure was not kept by the response cache.
      const read = await call(base, '/api/team-tags');
      expect(read.status).toBe(200);
    }
    expect(Date.now() - back).toBeLessThan(10_000);
    const teams = await call(b, '/api/admin/tracked-teams', { headers: { cookie } });
    expect(teams.status).toBe(200);
    expect((teams.body as unknown as Array<{ tag: string }>).map((t) => t.tag)).toEqual([tag]);
    await waitFor('the next slot after the return', () => polledAfter(runBefore), 3 * SLOT_MS);
    expect(alive(), server!.log.join('')).toBe(true);
  }, 60_000);
});
