/** SQL for staff accounts and their sessions. Password hashes never leave this file but for login. */
import type { Role } from '../../contract/common.js';
import type { Database, Queryable } from './database.js';
import { writeAudit } from './audit.js';
import { forgetKnownAddresses } from './login-throttle.js';

export interface UserRecord {
  id: number;
  username: string;
  role: Role;
  userID: string | null;
  teamTag: string | null;
  racerUsername: string | null;
  createdAt: Date;
  lastLogin: Date | null;
}

export async function listUsers(db: Queryable): Promise<UserRecord[]> {
  const { rows } = await db.query<{
    id: number;
    username: string;
    role: Role;
    user_id: string | null;
    team_tag: string | null;
    racer_username: string | null;
    created_at: Date;
    last_login: Date | null;
  }>(
    `SELECT u.id, u.username, u.role, u.user_id, u.team_tag, u.created_at, u.last_login, r.username AS racer_username
       FROM users u
       LEFT JOIN racers r ON u.user_id ~ '^[0-9]{1,15}$' AND r.user_id = u.user_id::bigint
      ORDER BY lower(u.username)`,
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    role: r.role,
    userID: r.user_id,
    teamTag: r.team_tag,
    racerUsername: r.racer_username,
    createdAt: r.created_at,
    lastLogin: r.last_login,
  }));
}

export async function findLoginUser(db: Queryable, username: string) {
  const { rows } = await db.query<{ id: number; username: string; role: Role; password_hash: string }>(
    'SELECT id, username, role, password_hash FROM users WHERE lower(username) = lower($1)',
    [username],
  );
  return rows[0] ?? null;
}

export async function usernameTaken(db: Queryable, username: string, exceptId?: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2', [
    username,
    exceptId ?? 0,
  ]);
  return rows.length > 0;
}

export async function teamExists(db: Queryable, tag: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM teams WHERE tag = $1', [tag])).rows.length > 0;
}

/** Locks the admin rows, so two concurrent demotions cannot both pass the last-admin check. */
async function lockedAdminIds(tx: Queryable): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>("SELECT id FROM users WHERE role = 'admin' FOR UPDATE");
  return rows.map((r) => r.id);
}

export class UserChangeError extends Error {
  constructor(
    public readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** A concurrent insert of the same username trips the unique index: report it as a duplicate. */
async function duplicateAsConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new UserChangeError(409, 'Username already exists');
    throw err;
  }
}

export interface UserFields {
  username: string;
  role: Role;
  userID: string | null;
  teamTag: string | null;
}

export async function createUser(
  db: Database,
  actor: string,
  at: Date,
  fields: UserFields,
  passwordHash: string,
): Promise<number> {
  return duplicateAsConflict(
    db.transaction(async (tx) => {
      if (await usernameTaken(tx, fields.username)) throw new UserChangeError(409, 'Username already exists');
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO users (username, password_hash, role, user_id, team_tag, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [fields.username, passwordHash, fields.role, fields.userID, fields.teamTag, at],
      );
      const id = rows[0].id;
      await writeAudit(tx, {
        actor,
        action: 'user.create',
        at,
        detail: { id, username: fields.username, role: fields.role, userID: fields.userID, teamTag: fields.teamTag },
      });
      return id;
    }),
  );
}

/** Edits a user; `undefined` fields keep their value. Refuses to demote the last admin. */
export async function updateUser(
  db: Database,
  actor: string,
  at: Date,
  id: number,
  change: { username: string; role?: Role; userID?: string | null; teamTag?: string | null },
): Promise<void> {
  await duplicateAsConflict(
    db.transaction(async (tx) => {
      const admins = await lockedAdminIds(tx);
      const { rows } = await tx.query<{
        username: string;
        role: Role;
        user_id: string | null;
        team_tag: string | null;
      }>('SELECT username, role, user_id, team_tag FROM users WHERE id = $1 FOR UPDATE', [id]);
      const before = rows[0];
      if (!before) throw new UserChangeError(404, 'User not found');
      if (await usernameTaken(tx, change.username, id)) throw new UserChangeError(409, 'Username already exists');
      const role = change.role ?? before.role;
      if (before.role === 'admin' && role !== 'admin' && admins.length <= 1) {
        throw new UserChangeError(409, 'Cannot demote the last admin');
      }
      const userID = change.userID === undefined ? before.user_id : change.userID;
      const teamTag = change.teamTag === undefined ? before.team_tag : change.teamTag;
      await tx.query('UPDATE users SET username = $2, role = $3, user_id = $4, team_tag = $5 WHERE id = $1', [
        id,
        change.username,
        role,
        userID,
        teamTag,
      ]);
      if (before.username.toLowerCase() !== change.username.toLowerCase())
        await forgetKnownAddresses(tx, before.username);
      await writeAudit(tx, {
        actor,
        action: 'user.update',
        at,
        detail: {
          id,
          username: change.username,
          ...(before.username !== change.username ? { previousUsername: before.username } : {}),
          role,
          userID,
          teamTag,
        },
      });
    }),
  );
}

/** Sets a new password and ends the user's sessions, except `keepSessionHash` (the caller's own). */
export async function setPassword(
  db: Database,
  actor: string,
  at: Date,
  id: number,
  passwordHash: string,
  keepSessionHash: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ username: string }>(
      'UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING username',
      [id, passwordHash],
    );
    if (!rows[0]) throw new UserChangeError(404, 'User not found');
    await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2', [id, keepSessionHash ?? '']);
    await forgetKnownAddresses(tx, rows[0].username);
    await writeAudit(tx, { actor, action: 'user.password', at, detail: { id, username: rows[0].username } });
  });
}

/** Deletes a user and their sessions. Refuses to delete the last admin. */
export async function deleteUser(db: Database, actor: string, at: Date, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await lockedAdminIds(tx);
    const { rows } = await tx.query<{ username: string; role: Role }>(
      'SELECT username, role FROM users WHERE id = $1',
      [id],
    );
    const user = rows[0];
    if (!user) throw new UserChangeError(404, 'User not found');
    if (user.role === 'admin' && admins.length <= 1) throw new UserChangeError(409, 'Cannot delete the last admin');
    await tx.query('DELETE FROM users WHERE id = $1', [id]);
    await forgetKnownAddresses(tx, user.username);
    await writeAudit(tx, {
      actor,
      action: 'user.delete',
      at,
      detail: { id, username: user.username, role: user.role },
    });
  });
}

/** Whether any admin account exists. */
export async function adminExists(db: Queryable): Promise<boolean> {
  return (await db.query("SELECT 1 FROM users WHERE role = 'admin' LIMIT 1")).rows.length > 0;
}

/** pg_advisory_xact_lock key of the first-admin check ("NTfa"). */
const FIRST_ADMIN_LOCK = 0x4e546661;

/** Takes the first-admin lock for the transaction: processes starting together take turns. */
export async function lockFirstAdmin(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ADMIN_LOCK]);
}

/** Makes `username` an admin with this password hash: a user of that name (any case) is promoted, else created. */
export async function makeAdmin(tx: Queryable, username: string, passwordHash: string): Promise<void> {
  const { rows } = await tx.query<{ id: number }>('SELECT id FROM users WHERE lower(username) = lower($1)', [username]);
  if (rows[0]) {
    await tx.query("UPDATE users SET role = 'admin', password_hash = $2 WHERE id = $1", [rows[0].id, passwordHash]);
  } else {
    await tx.query("INSERT INTO users (username, password_hash, role) VALUES ($1, $2, 'admin')", [
      username,
      passwordHash,
    ]);
  }
}
