/** `npm run collect -- --once …` as a user runs it: a real process, the configured database, real HTTP. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameSimulator } from '../../server/simulator/game-simulator.js';
import { startSimulatorServer, type SimulatorServer } from '../../server/simulator/server.js';
import type { Database } from '../../server/db/database.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import { createTestDatabase, dbKinds } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server/collector/cli.ts'), ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', TRACKED_TEAMS: '', GAME_API_BASE: '', ...env },
        timeout: 120_000,
      },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('collector CLI arguments', () => {
  it('rejects a bad argument with the usage and exit code 2, before opening any database', async () => {
    const dir = path.join(os.tmpdir(), `collector-cli-unused-${process.pid}`);
    const r = await cli(['--once', '--now', 'yesterday'], { DATA_DIR: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--now must be an ISO 8601 time');
    expect(r.stderr).toContain('Usage: npm run collect -- --once');
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('prints the usage for --help', async () => {
    const r = await cli(['--help'], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--now TIME');
  });
});

describe.each(dbKinds)('collector CLI --once on %s', (kind) => {
  let server: SimulatorServer;
  let sim: GameSimulator;
  let simNow = new Date('2026-03-10T18:00:00Z');
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    sim = new GameSimulator({ seed: 3, teams: 2, racersPerTeam: 12, start: new Date('2026-03-09T00:00:00Z') });
    server = await startSimulatorServer({ sim, now: () => simNow });
    if (kind === 'pglite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'collector-cli-'));
      env = { DATA_DIR: dir };
      open = () => openPglite(dir);
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    } else {
      const testDb = await createTestDatabase();
      env = { DATABASE_URL: testDb.url };
      open = () => openPostgres(testDb.url, { max: 1 });
      cleanup = testDb.drop;
    }
  });
  afterAll(async () => {
    await server?.close();
    await cleanup?.();
  });

  const inspect = async <T>(fn: (db: Database) => Promise<T>): Promise<T> => {
    const db = await open();
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };

  it('polls the given teams once, stamps --now and prints a line per team', async () => {
    const tags = [...sim.tags].sort();
    const r = await cli(
      [
        '--once',
        '--source',
        server.baseUrl,
        '--tags',
        tags.join(',').toLowerCase(),
        '--now',
        '2026-03-10T18:00:00Z',
        '--delay',
        '0',
      ],
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.slice(0, 2).map((l) => l.split(/\s+/).slice(0, 2))).toEqual(tags.map((t) => [t, 'ok']));
    expect(lines[2]).toBe('2 ok, 0 failed, snapshot 2026-03-10T18:00:00.000Z');
    const run = await inspect((db) =>
      db.query<{ snapshot_at: Date; teams_ok: number }>('SELECT snapshot_at, teams_ok FROM collector_runs'),
    );
    expect(run.rows.map((x) => [new Date(x.snapshot_at).toISOString(), x.teams_ok])).toEqual([
      ['2026-03-10T18:00:00.000Z', 2],
    ]);
  });

  it('polls the tracked teams by default and reports the batches it wrote', async () => {
    simNow = new Date('2026-03-10T18:10:00Z');
    const r = await cli(['--once', '--source', server.baseUrl, '--now', '2026-03-10T18:10:00Z', '--delay', '0'], env);
    expect(r.code).toBe(0);
    const reported = [...r.stdout.matchAll(/batches=(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(reported).toBeGreaterThan(0);
    const stored = await inspect((db) =>
      db.query<{ n: number; t: Date }>('SELECT count(*)::int AS n, max(end_time) AS t FROM batches'),
    );
    expect(stored.rows[0].n).toBe(reported);
    expect(new Date(stored.rows[0].t).toISOString()).toBe('2026-03-10T18:10:00.000Z');
  });

  it('exits 1 when every team failed, and records the failures', async () => {
    const r = await cli(
      ['--once', '--source', 'http://127.0.0.1:1/api/v2', '--now', '2026-03-10T18:20:00Z', '--delay', '0'],
      env,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAILED {2}network error/);
    expect(r.stdout).toContain('0 ok, 2 failed');
    const failed = await inspect((db) => db.query<{ n: number }>('SELECT count(*)::int AS n FROM failed_responses'));
    expect(failed.rows[0].n).toBe(2);
  });
});
