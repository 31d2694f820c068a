/** Secrets the server keeps in its database (migration 240), created once and shared by every process. */
import crypto from 'node:crypto';
import type { Queryable } from './database.js';

/** The secret called `name`, made by `make` the first time it is asked for. */
export async function storedSecret(q: Queryable, name: string, make: () => string): Promise<string> {
  // Two processes asking at once: the first insert wins and both read it.
  await q.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    make(),
  ]);
  const { rows } = await q.query<{ secret: string }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
  return rows[0].secret;
}

/** The secret called `name`, made (32 random bytes) the first time it is asked for. */
export function serverSecret(q: Queryable, name: string): Promise<string> {
  return storedSecret(q, name, () => crypto.randomBytes(32).toString('base64url'));
}
