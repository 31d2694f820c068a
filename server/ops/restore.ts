/**
 * Restores a backup (gzipped tar of a PGlite data directory, from `npm run backup`) into a data
 * directory. Refuses a non-empty directory unless forced, and never deletes: a replaced database
 * is renamed to `pgdata.replaced-<time>`. Refuses while a server holds the directory's lock.
 * The directory comes out owner-only (folders 0700, files 0600), as the server keeps it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ownerOnlyDataDir, tightenTree } from '../db/data-dir-mode.js';
import { lockDataDir } from '../db/pglite.js';
import { unpackBackup } from '../db/pglite-restore.js';

export class RestoreRefused extends Error {}

export interface RestoreResult {
  /** Batches in the restored database. */
  batches: number;
  /** Migrations recorded in it. */
  migrations: number;
  /** Where the database it replaced was moved, when --force replaced one. */
  replacedTo: string | null;
}

function isNonEmptyDir(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

export async function restoreDataDir(opts: {
  archive: Blob;
  dataDir: string;
  force: boolean;
  now?: Date;
}): Promise<RestoreResult> {
  const { dataDir } = opts;
  if (isNonEmptyDir(dataDir) && !opts.force) {
    throw new RestoreRefused(
      `${dataDir} is not empty: pass --force to replace its database (the current one is kept beside it).`,
    );
  }
  ownerOnlyDataDir(dataDir);
  const release = lockDataDir(dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  let replacedTo: string | null = null;
  try {
    tightenTree(dataDir);
    if (fs.existsSync(pgdata)) {
      replacedTo = `${pgdata}.replaced-${(opts.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(pgdata, replacedTo);
    }
    fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    try {
      const { batches, migrations } = await unpackBackup(pgdata, opts.archive);
      // PGlite (here in this thread) chmods what it unpacks to 0666, inside the 0700 folder.
      tightenTree(pgdata);
      return { batches, migrations, replacedTo };
    } catch (err) {
      // Leave the directory as it was: drop what was unpacked, put the replaced database back.
      fs.rmSync(pgdata, { recursive: true, force: true });
      if (replacedTo) fs.renameSync(replacedTo, pgdata);
      throw new RestoreRefused(`Not a backup of this site's database, nothing restored: ${(err as Error).message}`);
    }
  } finally {
    release();
  }
}
