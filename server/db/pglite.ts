/** Embedded PGlite database in a data directory, guarded by a lock file against a second process. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { ownerOnlyDump } from './backup-tar.js';
import type { Database, Queryable } from './database.js';
import { ownerOnlyDataDir, tightenedMessage, tightenTree } from './data-dir-mode.js';
import { DataChanges } from './data-version.js';
import { onlineBackup } from './pglite-backup.js';
import { PgliteChannel } from './pglite-channel.js';

export class LockedError extends Error {}

/** What the lock file holds: the pid, and when that process started (Linux), which no reused pid shares. */
interface LockOwner {
  pid: number;
  start: string | null;
}

/** The start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat), or null. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readLockOwner(lockPath: string): LockOwner {
  const text = fs.readFileSync(lockPath, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed === 'object' && parsed !== null) return { pid: Number(parsed.pid), start: parsed.start ?? null };
  } catch {
    // An older lock file holds the bare pid.
  }
  return { pid: Number(text), start: null };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

/**
 * Whether the process that wrote the lock still runs. A pid alone is not enough: after a crash or a
 * reboot the pid may belong to another program. With the start time recorded, the process must
 * have started then; an older lock (bare pid) counts only when the pid is a Node process.
 */
function lockHolderRuns(owner: LockOwner): boolean {
  if (!(owner.pid > 0) || owner.pid === process.pid || !pidExists(owner.pid)) return false;
  const start = processStartTime(owner.pid);
  if (start === null) return true; // no /proc: the pid is all there is to go by
  if (owner.start !== null) return owner.start === start;
  try {
    const program = fs.readFileSync(`/proc/${owner.pid}/cmdline`, 'utf8').split('\0')[0];
    return path.basename(program).startsWith('node');
  } catch {
    return true;
  }
}

/** Takes the data directory's lock file, or throws LockedError; returns its release. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  const owner: LockOwner = { pid: process.pid, start: processStartTime(process.pid) };
  const tryCreate = () => fs.writeFileSync(lockPath, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
  try {
    tryCreate();
  } catch {
    const holder = readLockOwner(lockPath);
    if (lockHolderRuns(holder)) {
      throw new LockedError(
        `The data directory ${dir} is in use by another process (pid ${holder.pid}). ` +
          'PGlite allows one process per directory: stop the other process, or set DATA_DIR or DATABASE_URL.',
      );
    }
    fs.rmSync(lockPath, { force: true });
    tryCreate();
  }
  return () => fs.rmSync(lockPath, { force: true });
}

/** A new database in `pgdata`, created by pglite-create.mjs in a child process (see there why). */
async function createDatabase(pgdata: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-create.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, pgdata], { stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Creating the database in ${pgdata} failed (exit code ${code})`);
}

/**
 * Opens PGlite in `dir`, or in memory when `dir` is undefined (tests). PGlite runs in a worker
 * thread (pglite-worker.mjs): a long statement keeps the other core busy, not this event loop.
 * The directory is made owner-only first (data-dir-mode.ts); `log` hears the one line saying how
 * many entries that fixed, when any (default: stderr). In memory, `from` names an uncompressed
 * dump of a data directory to start from (the tests' migrated template) instead of an empty one.
 */
export async function openPglite(
  dir?: string,
  opts: { log?: (line: string) => void; from?: string } = {},
): Promise<Database> {
  if (dir) ownerOnlyDataDir(dir);
  const release = dir ? lockDataDir(dir) : () => {};
  let channel: PgliteChannel;
  try {
    const fixed = dir ? tightenTree(dir) : 0;
    if (dir && fixed > 0) (opts.log ?? console.warn)(tightenedMessage(dir, fixed));
    const pgdata = dir ? path.join(dir, 'pgdata') : undefined;
    if (pgdata && !fs.existsSync(path.join(pgdata, 'PG_VERSION'))) await createDatabase(pgdata);
    channel = await PgliteChannel.open(pgdata, dir ? undefined : opts.from);
  } catch (err) {
    release();
    throw err;
  }
  const direct: Queryable = {
    async query<T>(sql: string, params?: unknown[]) {
      const { rows } = await channel.send({ op: 'query', sql, params });
      return { rows: rows as T[] };
    },
    async exec(sql) {
      await channel.send({ op: 'exec', sql });
    },
  };
  // PGlite runs one statement at a time; a transaction must not interleave with other queries.
  let chain: Promise<unknown> = Promise.resolve();
  // Once closing, queued work that has not started is refused: a stop does not wait for a backlog.
  let closing = false;
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = () => (closing ? Promise.reject(new Error('The database is closed')) : fn());
    const next = chain.then(run, run);
    chain = next.catch(() => undefined);
    return next;
  };
  const transaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    let open = true;
    const closed = () => Promise.reject(new Error('The transaction is closed'));
    const tx: Queryable = {
      query: (sql, params) => (open ? direct.query(sql, params) : closed()),
      exec: (sql) => (open ? direct.exec(sql) : closed()),
    };
    await direct.exec('BEGIN');
    try {
      const result = await fn(tx);
      open = false;
      await direct.exec('COMMIT');
      return result;
    } catch (err) {
      open = false;
      await direct.exec('ROLLBACK').catch(() => undefined);
      throw err;
    }
  };
  let backups: Promise<void> = Promise.resolve();
  return {
    kind: 'pglite',
    dataChanges: new DataChanges(),
    query: (sql, params) => serial(() => direct.query(sql, params)),
    exec: (sql) => serial(() => direct.exec(sql)),
    transaction: (fn) => serial(() => transaction(fn)),
    dumpDataDir: async () => {
      if (!dir) {
        // In memory (tests): no files to read beside it, so PGlite copies itself between two
        // statements; its member names and modes are rewritten as the online copy writes them.
        const { dump } = await serial(() => channel.send({ op: 'dump' }));
        // Read whole (it is in memory already) so that a refused member fails before the answer starts.
        const archive = await buffer(ownerOnlyDump(new Uint8Array(dump ?? new ArrayBuffer(0))));
        return Readable.from([archive]);
      }
      // One backup at a time: the next starts once the previous archive has been sent or dropped.
      const previous = backups;
      let finished!: () => void;
      backups = new Promise((resolve) => (finished = resolve));
      await previous;
      try {
        const backup = await onlineBackup(path.join(dir, 'pgdata'), (fn) => serial(() => fn(direct)));
        void backup.finished.then(finished);
        return backup.archive;
      } catch (err) {
        finished();
        throw err;
      }
    },
    async close() {
      closing = true;
      await chain;
      await channel.close();
      release();
    },
  };
}
