/**
 * Backups of the embedded database: `npm run backup` against a running server on a file-backed
 * PGlite (real HTTP, batches being written meanwhile), `npm run restore` into a new data
 * directory, and the refusals (non-empty directory, running server, wrong token, PostgreSQL).
 * Both commands, run as `npm run` runs them, stay within the server's memory (400 MB) whatever
 * the archive expands to; what it may expand to is bounded, and a refused archive leaves the
 * directory as it was.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { extract, pack, type Pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeFlags } from '../../scripts/build-state.mjs';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import { BACKUP_TOKEN_HEADER, writeBackupToken } from '../../server/ops/backup-token.js';
import { restoreDataDir } from '../../server/ops/restore.js';
import { addFile } from '../../server/db/backup-tar.js';
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

/** The server's memory bound, which `npm run backup` and `npm run restore` keep too. */
const MEMORY_BOUND_KB = 400 * 1024;

/**
 * Runs `npm run <script> -- args` as a person would (so with the flags package.json gives it),
 * under a umask of 022, and reads the peak resident memory of each Node process it ran
 * (tests/server/peak-rss.mjs, from the kernel's high-water mark).
 */
async function npmRun(script: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) {
  const rssFile = path.join(os.tmpdir(), `nt-peak-rss-${process.pid}-${Date.now()}.jsonl`);
  const preload = `--import=${path.join(root, 'tests/server/peak-rss.mjs')}`;
  const npm = fs.existsSync(path.join(path.dirname(process.execPath), 'npm'))
    ? path.join(path.dirname(process.execPath), 'npm')
    : 'npm';
  let result: { code: number; stdout: string; stderr: string };
  try {
    const shell = ['-c', 'umask 022 && exec "$0" "$@"', npm, 'run', '--silent', script, '--', ...args];
    const r = await run('/bin/sh', shell, {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${preload}`.trim(),
        PEAK_RSS_FILE: rssFile,
      },
      timeout: 120_000,
    });
    result = { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout: string; stderr: string };
    result = { code: e.code ?? -1, stdout: e.stdout, stderr: e.stderr };
  }
  const processes = fs.existsSync(rssFile)
    ? fs
        .readFileSync(rssFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { argv: string[]; execArgv: string[]; maxRssKb: number })
    : [];
  fs.rmSync(rssFile, { force: true });
  // The process that ran the command's file (tsx runs it in a child of its own).
  const ran = processes.find((p) => p.argv.some((a) => a.endsWith(`server/ops/${script}-cli.ts`)) && p.execArgv.length);
  return { ...result, peakKb: Math.max(0, ...processes.map((p) => p.maxRssKb)), ran };
}

/** A port nothing listens on (taken from the system, then let go). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The members of the gzipped tar `from`, then what `extra` adds, gzipped into `to`. */
async function repack(from: string, to: string, extra: (out: Pack) => Promise<void>): Promise<void> {
  const out = pack();
  const gzip = zlib.createGzip({ level: 1 });
  out.pipe(gzip);
  const writing = pipeline(gzip, fs.createWriteStream(to));
  const input = extract();
  input.end(zlib.gunzipSync(fs.readFileSync(from)));
  for await (const member of input) {
    await new Promise<void>((resolve, reject) =>
      member.pipe(out.entry(member.header, (err) => (err ? reject(err) : resolve()))),
    );
  }
  await extra(out);
  out.finalize();
  await writing;
}

/** A ustar header for a file `name` that says it holds `size` bytes (built by hand: any size). */
function fileHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  const field = (offset: number, length: number, value: string) => header.write(value, offset, length, 'latin1');
  field(0, 100, name);
  field(100, 8, '0000600\0');
  field(108, 8, '0000000\0');
  field(116, 8, '0000000\0');
  field(124, 12, `${size.toString(8).padStart(11, '0')}\0`);
  field(
    136,
    12,
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
  );
  field(148, 8, ' '.repeat(8));
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  const sum = header.reduce((a, b) => a + b, 0);
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** Every name under `dir`, with each file's size: what a refused restore must leave as it was. */
function treeOf(dir: string): string[] {
  return [...modesUnder(dir).keys()]
    .map((rel) => {
      const st = fs.lstatSync(path.join(dir, rel));
      return st.isFile() ? `${rel} ${st.size}` : rel;
    })
    .sort();
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

  it('restores into a new data directory with every batch and consistent rollups, streamed within 400 MB', async () => {
    // The backup plus 384 MB of zeros (under half a megabyte gzipped): held in memory at any step,
    // that file and the process's own 150-200 MB would pass the bound. PostgreSQL leaves a file it
    // does not know alone.
    const big = path.join(tmp, 'big.tar.gz');
    const zeros = 384 * 2 ** 20;
    const chunk = Buffer.alloc(2 ** 20);
    await repack(backupFile, big, (out) =>
      addFile(
        out,
        { name: 'zeros.bin', size: zeros },
        Array.from({ length: zeros / chunk.length }, () => chunk),
      ),
    );
    const restoredDir = path.join(tmp, 'restored');
    const r = await npmRun('restore', [big, '--data-dir', restoredDir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Restored .* \d+ batches, \d+ migrations/);
    // The whole run within the server's bound, run with `npm start`'s memory flags.
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(MEMORY_BOUND_KB);
    expect(r.ran?.execArgv).toEqual(expect.arrayContaining(startNodeFlags()));
    expect(fs.statSync(path.join(restoredDir, 'pgdata/zeros.bin')).size).toBe(zeros);
    fs.rmSync(path.join(restoredDir, 'pgdata/zeros.bin'));
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

  it("backs up a data directory with no server running within the server's 400 MB", async () => {
    const dir = path.join(tmp, 'restored'); // restored by --force above; no server holds it
    const file = path.join(tmp, 'offline.tar.gz');
    const r = await npmRun('backup', [file], { DATA_DIR: dir, BACKUP_URL: `http://127.0.0.1:${await closedPort()}` });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Backup written to .*offline\.tar\.gz/);
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(MEMORY_BOUND_KB);
    expect(r.ran?.execArgv).toEqual(expect.arrayContaining(startNodeFlags()));
  });

  it('refuses a file larger than PostgreSQL writes before writing it, and keeps the database in place', async () => {
    // A 2 GiB file declared in 512 bytes (its contents cut short: the header is refused first).
    const bomb = path.join(tmp, 'bomb.tar.gz');
    fs.writeFileSync(bomb, zlib.gzipSync(Buffer.concat([fileHeader('base/1/16384', 2 ** 31), Buffer.alloc(2 ** 20)])));
    const dir = path.join(tmp, 'restored');
    const before = treeOf(dir);
    const r = await npmRun('restore', [bomb, '--data-dir', dir, '--force', '--max-size', '100GB']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      "The archive holds a file of 2.0 GB (base/1/16384); PostgreSQL's files are at most 1.0 GB: not a database's data directory. Nothing restored.",
    );
    expect(treeOf(dir)).toEqual(before);
  });

  it('refuses an archive that expands past --max-size midway, leaving nothing of it', async () => {
    const dir = path.join(tmp, 'bounded');
    const r = await npmRun('restore', [backupFile, '--data-dir', dir, '--max-size=4MB']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^The archive expands to more than 4\.0 MB \(at \S+, \d+\.\d MB so far\): pass --max-size to allow more\. Nothing restored\.\n$/,
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses links and names that leave the folder, unpacking nothing', async () => {
    const cases: [string, (out: Pack) => void, RegExp][] = [
      [
        'escape',
        (out) => out.entry({ name: '../outside', mode: 0o600 }, 'x'),
        /would land outside the data directory: \.\.\/outside/,
      ],
      [
        'link',
        (out) => out.entry({ name: 'base/pg_link', type: 'symlink', linkname: '/etc/passwd' }),
        /holds a symlink \(base\/pg_link\)/,
      ],
    ];
    for (const [name, add, message] of cases) {
      // A folder and a file first (unpacked before the bad member is met), then the bad member.
      const out = pack();
      out.entry({ name: 'base/', type: 'directory', mode: 0o700 });
      out.entry({ name: 'PG_VERSION', mode: 0o600 }, '17\n');
      add(out);
      out.finalize();
      const file = path.join(tmp, `${name}.tar.gz`);
      fs.writeFileSync(file, zlib.gzipSync(await buffer(out)));
      const dir = path.join(tmp, `unsafe-${name}`);
      await expect(restoreDataDir({ archive: file, dataDir: dir, force: false })).rejects.toThrow(message);
      expect(fs.readdirSync(dir)).toEqual([]);
    }
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
