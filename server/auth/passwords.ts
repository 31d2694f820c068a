/**
 * Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane). Hashes carry their
 * own parameters, so raising them later still verifies old hashes.
 */
import { hash, verify } from '@node-rs/argon2';

/** `algorithm: 2` is Argon2id (the library's const enum cannot be imported under isolatedModules). */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real verification, for logins with an unknown username, so the
 * answer time does not reveal which usernames exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
