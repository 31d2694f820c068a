/**
 * Login throttling, kept in the database so every API process shares it. Attempts are counted per
 * address and per username (existing or not) while they keep coming within WINDOW_MS of each
 * other. Counting happens before the password check, in one statement per key, so a burst of
 * parallel attempts cannot slip past the threshold: the attempt that reaches it blocks the key,
 * for a time that doubles with each further attempt. A blocked key is refused before any password
 * check. A success clears the username's count and takes its own attempt back off the address,
 * so an attacker's own account cannot reset the count of their address.
 */
import type { Queryable } from './database.js';

export const WINDOW_MS = 15 * 60_000;

export interface ThrottlePolicy {
  /** Failed attempts allowed before the key is blocked. */
  threshold: number;
  firstBlockMs: number;
  maxBlockMs: number;
}

export const USERNAME_POLICY: ThrottlePolicy = { threshold: 5, firstBlockMs: 30_000, maxBlockMs: 15 * 60_000 };
export const ADDRESS_POLICY: ThrottlePolicy = { threshold: 20, firstBlockMs: 60_000, maxBlockMs: 60 * 60_000 };

export const addressKey = (ip: string) => `ip:${ip}`;
export const usernameKey = (username: string) => `user:${username.trim().toLowerCase()}`;

/** How long a key is blocked once its count reaches `attempts` (0 below the threshold). */
export function blockMs(policy: ThrottlePolicy, attempts: number): number {
  if (attempts < policy.threshold) return 0;
  return Math.min(policy.maxBlockMs, policy.firstBlockMs * 2 ** (attempts - policy.threshold));
}

/** The latest instant any of the keys is blocked until, or null when none is blocked now. */
export async function blockedUntil(db: Queryable, keys: string[], now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ until: Date | null }>(
    'SELECT max(blocked_until) AS until FROM login_failures WHERE key = ANY($1::text[]) AND blocked_until > $2',
    [keys, now],
  );
  return rows[0]?.until ?? null;
}

/** Counts one attempt on a key that is not blocked; false when it is (someone got there first). */
async function countAttempt(db: Queryable, key: string, policy: ThrottlePolicy, now: Date): Promise<boolean> {
  const attempts = `CASE WHEN login_failures.last_failure_at < $3 THEN 1 ELSE login_failures.failures + 1 END`;
  const { rows } = await db.query(
    `INSERT INTO login_failures (key, failures, last_failure_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       failures = ${attempts},
       last_failure_at = $2,
       blocked_until = CASE WHEN ${attempts} >= $4
         THEN $2::timestamptz + make_interval(secs => least($6::float8, $5::float8 * power(2, ${attempts} - $4)) / 1000)
         END
     WHERE login_failures.blocked_until IS NULL OR login_failures.blocked_until <= $2
     RETURNING failures`,
    [key, now, new Date(now.getTime() - WINDOW_MS), policy.threshold, policy.firstBlockMs, policy.maxBlockMs],
  );
  return rows.length > 0;
}

/**
 * Counts a login attempt against the address and the username. Returns null when it may go on to
 * the password check, else the instant the caller may try again.
 */
export async function startLoginAttempt(db: Queryable, ip: string, username: string, now: Date): Promise<Date | null> {
  const keys = [usernameKey(username), addressKey(ip)];
  const blocked = await blockedUntil(db, keys, now);
  if (blocked) return blocked;
  const ok = (await countAttempt(db, keys[0], USERNAME_POLICY, now)) && (await countAttempt(db, keys[1], ADDRESS_POLICY, now));
  if (!ok) return (await blockedUntil(db, keys, now)) ?? new Date(now.getTime() + 1000);
  // Forget keys that have been quiet for a day.
  await db.query('DELETE FROM login_failures WHERE last_failure_at < $1 AND (blocked_until IS NULL OR blocked_until < $2)', [
    new Date(now.getTime() - 24 * 3600_000),
    now,
  ]);
  return null;
}

/** After a successful password check: the attempt was not a failure after all. */
export async function finishLoginSuccess(db: Queryable, ip: string, username: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [usernameKey(username)]);
  // Any block on the address now was set by this very attempt (an older one would have refused it).
  await db.query('UPDATE login_failures SET failures = greatest(failures - 1, 0), blocked_until = NULL WHERE key = $1', [addressKey(ip)]);
}
