/**
 * An online copy of a PGlite data directory, made the way PostgreSQL's own base backups are
 * (low-level API: pg_backup_start, copy the files, pg_backup_stop), so the database keeps
 * answering while the files are read. The queue is held only for the two calls: a checkpoint at
 * the start, the end record at the stop. The files read meanwhile may be caught mid-write; the
 * archive also holds `backup_label` and the write-ahead log from the start to the stop, so the
 * copy, when opened, replays that log from the start's checkpoint and comes up exactly as the
 * database was at the stop: every transaction committed by then, none after (PostgreSQL writes
 * whole pages to the log during a backup for this). What PostgreSQL's pg_basebackup leaves out,
 * this leaves out too (lock and temporary files, the contents of runtime-only folders).
 * Sent as a gzipped tar, streamed while the files are read.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Queryable } from './database.js';
import { addFile, addFolder, createPack, gzipped, type Pack } from './backup-tar.js';

/** Runs `fn` with the database to itself: no other statement runs until it resolves. */
export type Exclusive = <T>(fn: (db: Queryable) => Promise<T>) => Promise<T>;

/** Top-level folders copied empty: rebuilt or unused when the copy starts (pg_wal gets its own). */
const EMPTIED_DIRS = new Set([
  'pg_wal',
  'pg_stat_tmp',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);
const LEFT_OUT_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'tablespace_map.old',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
]);
const leftOut = (name: string) =>
  LEFT_OUT_FILES.has(name) || name.startsWith('pg_internal.init') || name.startsWith('pgsql_tmp');
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
const CHUNK = 256 * 1024;
const CONTROL_FILE = 'global/pg_control';

function gone(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * A file as it is on disk now: the size it has when opened. A file that shrinks meanwhile is
 * padded with zeros, one removed meanwhile is left out (the log replay rebuilds both).
 */
async function addDiskFile(archive: Pack, root: string, name: string): Promise<void> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(path.join(root, name), 'r');
  } catch (err) {
    if (gone(err)) return;
    throw err;
  }
  try {
    const { size, mtime } = await handle.stat();
    await addFile(archive, { name, size, mtime }, chunksOf(handle, size));
  } finally {
    await handle.close();
  }
}

async function* chunksOf(handle: fs.promises.FileHandle, size: number): AsyncGenerator<Buffer> {
  let done = 0;
  while (done < size) {
    const chunk = Buffer.alloc(Math.min(CHUNK, size - done));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, done);
    if (bytesRead === 0) {
      yield Buffer.alloc(size - done);
      return;
    }
    yield bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead);
    done += bytesRead;
  }
}

async function addContent(archive: Pack, name: string, content: Buffer): Promise<void> {
  await addFile(archive, { name, size: content.length }, [content]);
}

async function addTree(archive: Pack, root: string, rel: string, control: Buffer): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(root, rel), { withFileTypes: true });
  } catch (err) {
    if (gone(err)) return;
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (leftOut(entry.name)) continue;
    if (entry.isDirectory()) {
      await addFolder(archive, name);
      if (!rel && EMPTIED_DIRS.has(entry.name)) {
        if (entry.name === 'pg_wal') {
          for (const sub of ['archive_status', 'summaries']) await addFolder(archive, `${name}/${sub}`);
        }
        continue;
      }
      await addTree(archive, root, name, control);
    } else if (entry.isFile()) {
      if (name === CONTROL_FILE) await addContent(archive, name, control);
      else await addDiskFile(archive, root, name);
    }
  }
}

const STOP_SQL = `SELECT labelfile, spcmapfile, pg_walfile_name(lsn) AS stop_wal FROM pg_backup_stop(false)`;
interface StopRow {
  labelfile: string;
  spcmapfile: string;
  stop_wal: string;
}

export interface OnlineBackup {
  /** The gzipped tar. */
  archive: Readable;
  /** Resolves once the backup mode has ended: the archive was read whole, failed or was dropped. */
  finished: Promise<void>;
}

/**
 * Starts the backup and resolves once the database is in backup mode. One at a time per
 * database: start the next after the previous one's `finished`.
 */
export async function onlineBackup(pgdata: string, exclusive: Exclusive): Promise<OnlineBackup> {
  const control = await exclusive(async (db) => {
    await db.query(`SELECT pg_backup_start('nt-team-stats', true)`);
    try {
      // Checkpoints rewrite pg_control: read while nothing runs, it cannot be caught mid-write.
      return await fs.promises.readFile(path.join(pgdata, CONTROL_FILE));
    } catch (err) {
      await db.query(STOP_SQL).catch(() => undefined);
      throw err;
    }
  });
  let stopping: Promise<{ rows: StopRow[] }> | null = null;
  const stop = () => (stopping ??= exclusive((db) => db.query<StopRow>(STOP_SQL)));

  const tar = createPack();
  async function addAll(): Promise<void> {
    await addTree(tar, pgdata, '', control);
    const { labelfile, spcmapfile, stop_wal: stopWal } = (await stop()).rows[0];
    await addContent(tar, 'backup_label', Buffer.from(labelfile));
    if (spcmapfile) await addContent(tar, 'tablespace_map', Buffer.from(spcmapfile));
    const startWal = /\(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
    if (!startWal) throw new Error(`No start segment in the backup label: ${labelfile}`);
    // The log from the start's checkpoint to the stop, read after the stop so it is whole.
    const segments = (await fs.promises.readdir(path.join(pgdata, 'pg_wal')))
      .filter((name) => WAL_SEGMENT.test(name) && name >= startWal && name <= stopWal)
      .sort();
    if (segments[0] !== startWal || segments.at(-1) !== stopWal) {
      throw new Error(`Write-ahead log from ${startWal} to ${stopWal} is not all there: ${segments.join(', ')}`);
    }
    for (const segment of segments) await addDiskFile(tar, pgdata, `pg_wal/${segment}`);
    tar.finalize();
  }

  // However the archive ends (read whole, failed, dropped before or while it was read), the
  // backup mode ends with it.
  const finished = new Promise<void>((resolve) => {
    tar.once('close', () => {
      stop().then(
        () => resolve(),
        () => resolve(),
      );
    });
  });
  const archive = gzipped(tar);
  addAll().catch((err: Error) => tar.destroy(err));
  return { archive, finished };
}
