/**
 * Login throttling, kept in the database so every API process shares it. Attempts are counted
 * under three keys until a key has been quiet (no failure, no block) for WINDOW_MS:
 * - the username from one address (PAIR_POLICY): a few guesses, then a doubling block;
 * - the address, whatever the username (ADDRESS_POLICY);
 * - the username from anywhere (USERNAME_POLICY): a slower limit against guesses spread over many
 *   addresses. It neither counts nor holds back an address the username has logged in from before
 *   (login_known_addresses), so nobody guessing elsewhere can lock the owner out.
 * An attempt with a valid device cookie for the username (server/auth/device-cookie.ts: the browser
 * has logged in as it before) counts under its device's key alone (DEVICE_POLICY): failures from
 * elsewhere never hold it back, and its own failures block only that device.
 * An address is its IPv4 address or its IPv6 /64 (rules/address-bucket.ts). Counting happens
 * before the password check, in one statement per key, so a burst of parallel attempts cannot slip
 * past a threshold: the attempt that reaches it blocks the key, for a time that doubles with each
 * further attempt. A blocked key is refused before any password check. A success clears the pair's
 * count, takes its own attempt back off the others (an attacker's own account cannot reset the
 * count of their address) and remembers the address as known.
 */
import { addressBucket } from '../../rules/address-bucket.js';
import type { Queryable } from './database.js';

export const WINDOW_MS = 15 * 60_000;
/** A known address is forgotten this long after its last successful login. */
export const KNOWN_ADDRESS_MS = 90 * 24 * 3600_000;

export interface ThrottlePolicy {
  /** Failed attempts allowed before the key is blocked. */
  threshold: number;
  firstBlockMs: number;
  maxBlockMs: number;
}

export const PAIR_POLICY: ThrottlePolicy = { threshold: 5, firstBlockMs: 30_000, maxBlockMs: 15 * 60_000 };
export const ADDRESS_POLICY: ThrottlePolicy = { threshold: 20, firstBlockMs: 60_000, maxBlockMs: 60 * 60_000 };
export const USERNAME_POLICY: ThrottlePolicy = { threshold: 20, firstBlockMs: 60_000, maxBlockMs: 60 * 60_000 };
export const DEVICE_POLICY: ThrottlePolicy = { threshold: 5, firstBlockMs: 30_000, maxBlockMs: 15 * 60_000 };

const userPart = (username: string) => username.trim().toLowerCase();
export const addressKey = (ip: string) => `ip:${addressBucket(ip)}`;
export const usernameKey = (username: string) => `user:${userPart(username)}`;
export const pairKey = (ip: string, username: string) => `pair:${addressBucket(ip)} ${userPart(username)}`;
export const deviceKey = (nonce: string) => `device:${nonce}`;

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
  // A key starts over once it has been quiet for a whole window after its last failure and after
  // its block: a block longer than the window must not wipe the count it was earned by.
  const quietSince = `greatest(login_failures.last_failure_at, coalesce(login_failures.blocked_until, login_failures.last_failure_at))`;
  const attempts = `CASE WHEN ${quietSince} < $3 THEN 1 ELSE login_failures.failures + 1 END`;
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

/** Whether the username has logged in from this address (IPv6: its /64) within KNOWN_ADDRESS_MS. */
export async function isKnownAddress(db: Queryable, ip: string, username: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM login_known_addresses WHERE user_key = $1 AND address = $2 AND last_success_at > $3',
    [userPart(username), addressBucket(ip), new Date(now.getTime() - KNOWN_ADDRESS_MS)],
  );
  return rows.length > 0;
}

/** The keys an attempt counts under, each with its policy: its device's alone when it has a device cookie. */
async function attemptKeys(
  db: Queryable,
  ip: string,
  username: string,
  now: Date,
  device: string | null,
): Promise<Array<[string, ThrottlePolicy]>> {
  if (device) return [[deviceKey(device), DEVICE_POLICY]];
  const keys: Array<[string, ThrottlePolicy]> = [
    [pairKey(ip, username), PAIR_POLICY],
    [addressKey(ip), ADDRESS_POLICY],
  ];
  if (!(await isKnownAddress(db, ip, username, now))) keys.push([usernameKey(username), USERNAME_POLICY]);
  return keys;
}

/**
 * Counts a login attempt (`device`: the nonce of a valid device cookie for the username, else
 * null). Returns null when it may go on to the password check, else the instant the caller may
 * try again.
 */
export async function startLoginAttempt(
  db: Queryable,
  ip: string,
  username: string,
  now: Date,
  device: string | null = null,
): Promise<Date | null> {
  const keys = await attemptKeys(db, ip, username, now, device);
  const names = keys.map(([key]) => key);
  const blocked = await blockedUntil(db, names, now);
  if (blocked) return blocked;
  for (const [key, policy] of keys) {
    if (!(await countAttempt(db, key, policy, now)))
      return (await blockedUntil(db, names, now)) ?? new Date(now.getTime() + 1000);
  }
  // Forget keys that have been quiet for a day.
  await db.query(
    'DELETE FROM login_failures WHERE last_failure_at < $1 AND (blocked_until IS NULL OR blocked_until < $2)',
    [new Date(now.getTime() - 24 * 3600_000), now],
  );
  return null;
}

/** After a successful password check: the attempt was not a failure after all, and the address is known. */
export async function finishLoginSuccess(
  db: Queryable,
  ip: string,
  username: string,
  now: Date,
  device: string | null = null,
): Promise<void> {
  if (device) {
    await db.query('DELETE FROM login_failures WHERE key = $1', [deviceKey(device)]);
  } else {
    await db.query('DELETE FROM login_failures WHERE key = $1', [pairKey(ip, username)]);
    // Any block on these keys now was set by this very attempt (an older one would have refused it).
    // The username's key counted it only from an address that was not known yet.
    const counted = [addressKey(ip), ...((await isKnownAddress(db, ip, username, now)) ? [] : [usernameKey(username)])];
    await db.query(
      'UPDATE login_failures SET failures = greatest(failures - 1, 0), blocked_until = NULL WHERE key = ANY($1::text[])',
      [counted],
    );
  }
  await db.query(
    `INSERT INTO login_known_addresses (user_key, address, last_success_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_key, address) DO UPDATE SET last_success_at = $3`,
    [userPart(username), addressBucket(ip), now],
  );
  await db.query('DELETE FROM login_known_addresses WHERE last_success_at < $1', [
    new Date(now.getTime() - KNOWN_ADDRESS_MS),
  ]);
}

/** A deleted or renamed account, or a new password: the addresses known for that name are known no more. */
export async function forgetKnownAddresses(db: Queryable, username: string): Promise<void> {
  await db.query('DELETE FROM login_known_addresses WHERE user_key = $1', [userPart(username)]);
}
