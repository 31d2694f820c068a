/** SQL for login sessions: stored by the SHA-256 of their id, with an expiry. */
import type { Queryable } from './database.js';

export async function createSession(
  db: Queryable,
  userId: number,
  idHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= $1', [now]);
  await db.query('INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    idHash,
    userId,
    now,
    expiresAt,
  ]);
  await db.query('UPDATE users SET last_login = $2 WHERE id = $1', [userId, now]);
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
}
