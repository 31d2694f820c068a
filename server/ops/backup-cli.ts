/**
 * `npm run backup [FILE]`: writes a consistent copy of the embedded database to FILE (default
 * nt-team-stats-<time>.tar.gz). While the server runs it asks the server for the copy
 * (GET /api/admin/backup with the token from the data directory, BACKUP_URL or
 * http://127.0.0.1:$PORT); when nothing listens there it opens the data directory itself.
 * Exits 1 on failure; on PostgreSQL it prints the pg_dump command instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { loadConfig } from '../config.js';
import { LockedError, openPglite } from '../db/pglite.js';
import { backupFileName } from './backup-name.js';
import { BACKUP_TOKEN_HEADER, readBackupToken } from './backup-token.js';

class BackupFailed extends Error {}

function refused(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } }).cause;
  return err instanceof TypeError && cause?.code === 'ECONNREFUSED';
}

async function fromServer(url: string, dataDir: string): Promise<Readable | null> {
  const token = readBackupToken(dataDir);
  let res: Response;
  try {
    res = await fetch(`${url}/api/admin/backup`, { headers: token ? { [BACKUP_TOKEN_HEADER]: token } : {} });
  } catch (err) {
    if (refused(err)) return null;
    throw new BackupFailed(`Could not reach the server at ${url}: ${(err as Error).message}`);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    const hint = token ? '' : ` (no ${path.join(dataDir, 'backup.token')}: is DATA_DIR the server's?)`;
    throw new BackupFailed(`The server at ${url} answered ${res.status}: ${body?.error ?? res.statusText}${hint}`);
  }
  if (!res.body) throw new BackupFailed(`The server at ${url} answered without a body`);
  return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
}

/** No server listening: copy the data directory under its lock (refused while another process holds it). */
async function fromDataDir(dataDir: string, out: () => fs.WriteStream): Promise<void> {
  if (!fs.existsSync(path.join(dataDir, 'pgdata'))) throw new BackupFailed(`No database in ${dataDir} (set DATA_DIR).`);
  const db = await openPglite(dataDir);
  try {
    await pipeline(await db.dumpDataDir!(), out());
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g.\n  pg_dump --format=custom --file=nt-team-stats.dump "$DATABASE_URL"',
    );
    return 1;
  }
  const file = path.resolve(process.argv[2] ?? backupFileName(new Date()));
  const url = (process.env.BACKUP_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
  // Written beside the target and renamed: a failed run never leaves a truncated backup under FILE.
  const partial = `${file}.partial`;
  try {
    // Owner-only, like the data directory it copies (a fresh file: an old one keeps its mode).
    fs.rmSync(partial, { force: true });
    const out = () => fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' });
    const served = await fromServer(url, config.dataDir);
    if (served) {
      await pipeline(served, out()).catch((err: Error) => {
        throw new BackupFailed(`The backup from ${url} broke off: ${err.message}; nothing was written to ${file}`);
      });
    } else await fromDataDir(config.dataDir, out);
    fs.renameSync(partial, file);
    console.log(`Backup written to ${file} (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB)`);
    return 0;
  } catch (err) {
    fs.rmSync(partial, { force: true });
    if (err instanceof BackupFailed || err instanceof LockedError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
