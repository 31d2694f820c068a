/**
 * The first admin account. When no admin exists at start-up, one is created from ADMIN_USERNAME /
 * ADMIN_PASSWORD; without ADMIN_PASSWORD a random password is generated and written to a file
 * only the owner may read (mode 0600, in DATA_DIR), whose path, never the password, goes to the
 * log. Once an admin exists, nothing is changed. Processes starting together on one PostgreSQL
 * database take turns on an advisory lock, so exactly one of them creates the admin.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { adminExists, lockFirstAdmin, makeAdmin } from '../db/users-repo.js';
import { writeAudit } from '../db/audit.js';
import { hashPassword } from '../auth/passwords.js';

export interface BootstrapLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export const DEFAULT_ADMIN_USERNAME = 'admin';
export const FIRST_PASSWORD_FILE = 'first-admin-password.txt';
/** Writes the password to a new file readable and writable by the owner only; returns its path. */
export function writePasswordFile(dir: string, password: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.resolve(dir, FIRST_PASSWORD_FILE);
  fs.rmSync(file, { force: true });
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    fs.writeSync(fd, `${password}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/** Returns the username of the admin it created, or null when an admin already existed. */
export async function ensureFirstAdmin(
  db: Database,
  config: Pick<Config, 'adminUsername' | 'adminPassword' | 'dataDir'>,
  log: BootstrapLog,
): Promise<string | null> {
  if (await adminExists(db)) return null;
  const username = config.adminUsername?.trim() || DEFAULT_ADMIN_USERNAME;
  const generated = !config.adminPassword;
  const password = config.adminPassword || crypto.randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  let passwordFile: string | null = null;
  const created = await db.transaction(async (tx) => {
    await lockFirstAdmin(tx);
    // Another process may have created it while this one waited for the lock.
    if (await adminExists(tx)) return false;
    if (generated) passwordFile = writePasswordFile(config.dataDir, password);
    try {
      await makeAdmin(tx, username, passwordHash);
      await writeAudit(tx, {
        actor: 'system',
        action: 'user.create',
        at: new Date(),
        detail: { username, role: 'admin', bootstrap: true },
      });
    } catch (err) {
      if (passwordFile) fs.rmSync(passwordFile, { force: true });
      throw err;
    }
    return true;
  });
  if (!created) return null;
  if (passwordFile) {
    log.warn(
      `Created the first admin account "${username}" with a generated password, written to ${passwordFile} (readable only by this user).\n` +
        'Log in, change the password under Admin, then delete the file; or set ADMIN_PASSWORD before the first start.',
    );
  } else {
    log.info(`Created the first admin account "${username}" from ADMIN_USERNAME / ADMIN_PASSWORD.`);
  }
  return username;
}
