/**
 * The first admin account. When no admin exists at start-up, one is created from ADMIN_USERNAME /
 * ADMIN_PASSWORD; without ADMIN_PASSWORD a random password is generated and printed this once
 * (it is stored only as a hash). Once an admin exists, nothing is changed.
 */
import crypto from 'node:crypto';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { writeAudit } from '../db/audit.js';
import { hashPassword } from '../domain/passwords.js';

export interface BootstrapLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export const DEFAULT_ADMIN_USERNAME = 'admin';

/** Returns the username of the admin it created, or null when an admin already existed. */
export async function ensureFirstAdmin(
  db: Database,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
  log: BootstrapLog,
): Promise<string | null> {
  const { rows } = await db.query("SELECT 1 FROM users WHERE role = 'admin' LIMIT 1");
  if (rows.length > 0) return null;
  const username = config.adminUsername?.trim() || DEFAULT_ADMIN_USERNAME;
  const generated = !config.adminPassword;
  const password = config.adminPassword || crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // A teamadmin of that name is promoted; the password is reset either way.
    const { rows: existing } = await tx.query<{ id: number }>('SELECT id FROM users WHERE lower(username) = lower($1)', [username]);
    if (existing[0]) {
      await tx.query("UPDATE users SET role = 'admin', password_hash = $2 WHERE id = $1", [existing[0].id, passwordHash]);
    } else {
      await tx.query("INSERT INTO users (username, password_hash, role) VALUES ($1, $2, 'admin')", [username, passwordHash]);
    }
    await writeAudit(tx, { actor: 'system', action: 'user.create', at: new Date(), detail: { username, role: 'admin', bootstrap: true } });
  });
  if (generated) {
    log.warn(
      `Created the first admin account "${username}" with the generated password: ${password}\n` +
        'It is shown only this once; log in and change it under Admin, or set ADMIN_PASSWORD before the first start.',
    );
  } else {
    log.info(`Created the first admin account "${username}" from ADMIN_USERNAME / ADMIN_PASSWORD.`);
  }
  return username;
}
