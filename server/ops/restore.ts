/**
 * Restores a backup (gzipped tar of a PGlite data directory, from `npm run backup`) into a data
 * directory. Refuses a non-empty directory unless forced, and never deletes: a replaced database
 * is renamed to `pgdata.replaced-<time>`. Refuses while a server holds the directory's lock.
 * The archive is unpacked from the file to the disk (never held in memory), into
 * `pgdata.restoring` beside the database, opened there, and only then put in place: a refused or
 * broken archive leaves the directory as it was (a run killed midway leaves `pgdata.restoring`,
 * which the next restore removes). What an archive may expand to is bounded (pglite-restore.ts).
 * The directory comes out owner-only (folders 0700, files 0600), as the server keeps it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ownerOnlyDataDir, tightenTree } from '../db/data-dir-mode.js';
import { lockDataDir } from '../db/pglite.js';
import { ArchiveRefused, readRestored, unpackArchive } from '../db/pglite-restore.js';

export class RestoreRefused extends Error {}

/** The default bound on what an archive may expand to: about 35 years of a 10-team community (1.8 GB a year). */
export const DEFAULT_MAX_RESTORE_BYTES = 64 * 2 ** 30;

/** Where the archive is unpacked before it is put in place. */
export const STAGING_NAME = 'pgdata.restoring';

export interface RestoreResult {
  /** Batches in the restored database. */
  batches: number;
  /** Migrations recorded in it. */
  migrations: number;
  /** Where the database it replaced was moved, when --force replaced one. */
  replacedTo: string | null;
}

/** Whether `dir` holds anything but what a killed restore left. */
function isNonEmptyDir(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).some((name) => name !== STAGING_NAME);
}

function freeBytes(dir: string): number {
  const { bavail, bsize } = fs.statfsSync(dir);
  return bavail * bsize;
}

export async function restoreDataDir(opts: {
  /** The backup file: a gzipped (or plain) tar. */
  archive: string;
  dataDir: string;
  force: boolean;
  now?: Date;
  /** The most the archive may expand to (default DEFAULT_MAX_RESTORE_BYTES). */
  maxBytes?: number;
  /** Stops the restore (a stop signal): nothing is restored. */
  signal?: AbortSignal;
}): Promise<RestoreResult> {
  const { dataDir, signal } = opts;
  if (isNonEmptyDir(dataDir) && !opts.force) {
    throw new RestoreRefused(
      `${dataDir} is not empty: pass --force to replace its database (the current one is kept beside it).`,
    );
  }
  ownerOnlyDataDir(dataDir);
  const release = lockDataDir(dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  const staging = path.join(dataDir, STAGING_NAME);
  try {
    tightenTree(dataDir);
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { mode: 0o700 });
    let counts: { batches: number; migrations: number };
    try {
      const limits = { maxBytes: opts.maxBytes ?? DEFAULT_MAX_RESTORE_BYTES, freeBytes: freeBytes(dataDir) };
      await unpackArchive(opts.archive, staging, limits, signal);
      counts = await readRestored(staging);
      if (signal?.aborted) throw signal.reason;
      tightenTree(staging);
    } catch (err) {
      // Nothing half-written is left: what was unpacked goes, the database in place was not touched.
      fs.rmSync(staging, { recursive: true, force: true });
      if (signal?.aborted) throw new RestoreRefused('Stopped before the restore was done: nothing restored.');
      if (err instanceof ArchiveRefused) throw new RestoreRefused(`${err.message}. Nothing restored.`);
      throw new RestoreRefused(`Not a backup of this site's database, nothing restored: ${(err as Error).message}`);
    }
    let replacedTo: string | null = null;
    if (fs.existsSync(pgdata)) {
      replacedTo = `${pgdata}.replaced-${(opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(pgdata, replacedTo);
    }
    fs.renameSync(staging, pgdata);
    return { ...counts, replacedTo };
  } finally {
    release();
  }
}
