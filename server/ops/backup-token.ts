/**
 * The backup token: a random secret the server writes into its data directory at start-up (mode
 * 0600) and `npm run backup` reads from there. Whoever may read the data directory may read the
 * database anyway, so the file's permissions are the authorization; no password is involved.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const BACKUP_TOKEN_FILE = 'backup.token';
export { BACKUP_TOKEN_HEADER } from '../../contract/backup.js';

/** Writes a fresh token into `dataDir` (replacing an old one) and returns it. */
export function writeBackupToken(dataDir: string): string {
  const token = crypto.randomBytes(32).toString('base64url');
  const file = path.join(dataDir, BACKUP_TOKEN_FILE);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, token, { mode: 0o600, flag: 'wx' });
  return token;
}

/** The token in `dataDir`, or null when there is none (no server has started there). */
export function readBackupToken(dataDir: string): string | null {
  try {
    return fs.readFileSync(path.join(dataDir, BACKUP_TOKEN_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Constant-time comparison of a presented token with the one in `dataDir`. */
export function backupTokenMatches(dataDir: string, presented: string | undefined): boolean {
  const expected = readBackupToken(dataDir);
  if (!expected || !presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
