/** SQL for login sessions: stored by the SHA-256 of their id, with an expiry. */
import type { Role } from '../../contract/common.js';
import type { Queryable } from './database.js';

export interface SessionUserRow {
  id: number;
  username: string;
  role: Role;
  teamTag: string | null;
}

/** The user of an unexpired session, null when there is none. */
export async function findSessionUser(db: Queryable, idHash: string, now: Date): Promise<SessionUserRow | null> {
  const { rows } = await db.query<SessionUserRow>(
    `SELECT u.id, u.username, u.role, u.team_tag AS "teamTag"
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id_hash = $1 AND s.expires_at > $2`,
    [idHash, now],
  );
  return rows[0] ?? null;
}

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
