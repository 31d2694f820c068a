/**
 * Backups of the embedded database: `npm run backup` against a running server on a file-backed
 * PGlite (real HTTP, batches being written meanwhile), `npm run restore` into a new data
 * directory, and the refusals (non-empty directory, running server, wrong token, PostgreSQL).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import { BACKUP_TOKEN_HEADER, writeBackupToken } from '../../server/ops/backup-token.js';
import { modesUnder, notOwnerOnly } from './file-modes.js';
import { addBatches, addRacer, addTeam, postgresReachable, testApp } from './helpers.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs an npm script's file the way `npm run` does (tsx), returning exit code and output. Under
 * a umask of 022, as a login shell has it: the files it writes get their modes from the code.
 */
async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const file = path.join(root, `server/ops/${script}-cli.ts`);
  try {
    const shell = ['-c', 'umask 022 && exec "$0" "$@"', process.execPath, '--import', 'tsx', file, ...args];
    const r = await run('/bin/sh', shell, {
      cwd: root,
      env: { ...process.env, ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout: string; stderr: string };
    return { code: e.code ?? -1, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A gzipped tar's members as GNU tar lists them: permissions and name. */
async function archiveMembers(file: string): Promise<{ members: { mode: string; name: string }[]; warnings: string }> {
  const r = await run('tar', ['-tvzf', file]);
  const members = r.stdout
    .trim()
    .split('\n')
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      // A folder may be listed with a trailing slash ("base/"), as tar writers choose.
      return { mode: fields[0], name: fields[fields.length - 1].replace(/\/$/, '') };
    });
  return { members, warnings: r.stderr };
}

/** Members named from the root or with a `..` part, and members other accounts could read. */
function unsafeMembers(members: { mode: string; name: string }[]): string[] {
  return members
    .filter(
      (m) =>
        m.name.startsWith('/') ||
        m.name.split('/').includes('..') ||
        (m.mode !== '-rw-------' && m.mode !== 'drwx------'),
    )
    .map((m) => `${m.mode} ${m.name}`);
}

type BatchKey = string;
async function batchKeys(db: Database): Promise<BatchKey[]> {
  const { rows } = await db.query<{ k: string }>(
    `SELECT user_id || '|' || tag || '|' || to_char(end_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') || '|' || races || '|' || typed AS k
       FROM batches ORDER BY 1`,
  );
  return rows.map((r) => r.k);
}

/** 3 racers × `slots` ten-minute batches from `start`. */
function batchesFrom(start: string, slots: number, races: number) {
  return [101, 102, 103].flatMap((userId) =>
    Array.from({ length: slots }, (_, i) => ({
      userId,
      tag: 'ALPHA',
      endTime: new Date(new Date(start).getTime() + (i + 1) * 600_000),
      races,
      typed: 1000 * races + userId,
      errs: 10,
      secs: 60 * races,
    })),
  );
}

describe('backup and restore of the embedded database', { timeout: 120_000 }, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-backup-'));
  const liveDir = path.join(tmp, 'live');
  const backupFile = path.join(tmp, 'site.tar.gz');
  let db: Database;
  let app: App;
  let url: string;
  let before: BatchKey[];
  let racingWrites = 0;
  const readToken = () => fs.readFileSync(path.join(liveDir, 'backup.token'), 'utf8').trim();

  beforeAll(async () => {
    db = await openPglite(liveDir);
    await migrate(db);
    await addTeam(db, 'ALPHA');
    for (const userId of [101, 102, 103]) await addRacer(db, { userId, username: `racer${userId}`, tag: 'ALPHA' });
    await addBatches(db, batchesFrom('2026-03-09T00:00:00Z', 144, 2));
    before = await batchKeys(db);
    writeBackupToken(liveDir);
    app = await buildApp({
      db,
      config: { ...loadConfig({}), dataDir: liveDir, demo: false, trackedTeams: ['ALPHA'] },
      now: () => new Date(),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('backs up the running server while batches are being written', async () => {
    expect(before).toHaveLength(3 * 144);
    // Polls' worth of writes racing the backup, from before the dump until the backup has exited:
    // the copy holds each write transaction whole or not at all.
    let backupDone = false;
    const writes = (async () => {
      let n = 0;
      while (!backupDone && n < 5_000) {
        await addBatches(
          db,
          batchesFrom(new Date(Date.parse('2026-03-10T00:00:00Z') + n * 3_600_000).toISOString(), 6, 3),
        );
        n++;
        // PGlite answers within microtasks: without a pause, back-to-back writes would starve the
        // event loop and the backup request would never be read (polls come every 10 minutes).
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return n;
    })();
    const r = await cli('backup', [backupFile], { DATA_DIR: liveDir, BACKUP_URL: url });
    backupDone = true;
    racingWrites = await writes;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Backup written to .*site\.tar\.gz \(\d+\.\d MB\)/);
    expect(fs.readFileSync(backupFile).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(fs.existsSync(`${backupFile}.partial`)).toBe(false);
    // Only the owner may read the copy; its members unpack inside the target folder, owner-only.
    expect((fs.statSync(backupFile).mode & 0o777).toString(8)).toBe('600');
    const { members, warnings } = await archiveMembers(backupFile);
    expect(warnings).toBe('');
    expect(members).toContainEqual({ mode: '-rw-------', name: 'PG_VERSION' });
    expect(members).toContainEqual({ mode: 'drwx------', name: 'base' });
    expect(members.length).toBeGreaterThan(500);
    expect(unsafeMembers(members)).toEqual([]);
  });

  it('answers GET /api/admin/backup with relative, owner-only members', async () => {
    const res = await fetch(`${url}/api/admin/backup`, { headers: { [BACKUP_TOKEN_HEADER]: readToken() } });
    expect(res.status).toBe(200);
    const file = path.join(tmp, 'from-route.tar.gz');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const { members, warnings } = await archiveMembers(file);
    expect(warnings).toBe('');
    expect(members).toContainEqual({ mode: '-rw-------', name: 'PG_VERSION' });
    expect(unsafeMembers(members)).toEqual([]);
  });

  it('restores into a new data directory with every batch and consistent rollups', async () => {
    const restoredDir = path.join(tmp, 'restored');
    const r = await cli('restore', [backupFile, '--data-dir', restoredDir], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Restored .* \d+ batches, \d+ migrations/);
    const restoredModes = modesUnder(restoredDir);
    expect(restoredModes.get('pgdata/PG_VERSION')).toBe('f600');
    expect(notOwnerOnly(restoredModes)).toEqual([]);
    const restored = await openPglite(restoredDir);
    try {
      const keys = await batchKeys(restored);
      // Every batch written before the backup; of the racing writes, whole transactions only (18 batches each).
      expect(keys.filter((k) => before.includes(k))).toEqual(before);
      const racing = keys.length - before.length;
      expect(racing % 18).toBe(0);
      // Some writes landed before the copy and some after it: the backup really ran mid-stream.
      expect(racing).toBeGreaterThan(0);
      expect(racing).toBeLessThan(racingWrites * 18);
      expect(r.stdout).toContain(`${keys.length} batches`);
      const sums = await restored.query<{ batches: number; hourly: number; daily: number }>(
        `SELECT (SELECT sum(races)::int FROM batches) AS batches,
                (SELECT sum(races)::int FROM hourly_rollups) AS hourly,
                (SELECT sum(races)::int FROM daily_rollups) AS daily`,
      );
      // 432 batches of 2 races before the backup, plus 3 races per racing batch restored.
      expect(sums.rows[0]).toEqual({
        batches: 864 + 3 * (keys.length - 432),
        hourly: 864 + 3 * (keys.length - 432),
        daily: 864 + 3 * (keys.length - 432),
      });
      // The restored copy is a working database: the server's migrations find nothing to do.
      expect(await migrate(restored)).toEqual([]);
      await addTeam(restored, 'BRAVO');
      await restored.exec('CHECKPOINT');
    } finally {
      await restored.close();
    }
    // Still owner-only after the server has used it.
    expect(notOwnerOnly(modesUnder(restoredDir))).toEqual([]);
  });

  it('refuses a non-empty data directory without --force and keeps the replaced database with it', async () => {
    const dir = path.join(tmp, 'restored');
    const refused = await cli('restore', [backupFile, '--data-dir', dir], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty: pass --force/);
    expect(fs.readdirSync(dir)).toEqual(['pgdata']);

    const forced = await cli('restore', [backupFile, '--data-dir', dir, '--force'], {});
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/previous database was moved to .*pgdata\.replaced-/);
    expect(fs.readdirSync(dir).sort()).toEqual(['pgdata', expect.stringMatching(/^pgdata\.replaced-/)]);
  });

  it('refuses to restore into the directory of a running server, even with --force', async () => {
    const r = await cli('restore', [backupFile, '--data-dir', liveDir, '--force'], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/in use by another process/);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM batches')).rows[0].n).toBe(
      before.length + racingWrites * 18,
    );
  });

  it('refuses a file that is not a backup and leaves the directory empty', async () => {
    const junk = path.join(tmp, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a backup');
    const dir = path.join(tmp, 'junk-target');
    const r = await cli('restore', [junk, '--data-dir', dir], {});
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Not a backup/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('answers 401 without a token or session and 403 with a wrong token', async () => {
    const anonymous = await fetch(`${url}/api/admin/backup`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Login required' });
    const wrong = await fetch(`${url}/api/admin/backup`, { headers: { [BACKUP_TOKEN_HEADER]: 'guess' } });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: 'Wrong backup token' });
  });
});

describe.runIf(await postgresReachable())('backup on PostgreSQL', () => {
  it('answers 409 pointing to pg_dump, even with a valid token', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-token-'));
    const token = writeBackupToken(dir);
    const t = await testApp('postgres', undefined, { dataDir: dir });
    try {
      const res = await t.app.inject({ url: '/api/admin/backup', headers: { [BACKUP_TOKEN_HEADER]: token } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/pg_dump/);
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
