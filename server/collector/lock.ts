/**
 * One collector at a time. On PostgreSQL a session-level advisory lock is held on one pooled
 * connection for the whole run, so a second process (another server or the CLI) skips its run;
 * with PGlite the data-directory lock already allows one process.
 */
import type { Database } from '../db/database.js';

/** An arbitrary constant naming the collector's advisory lock. */
export const COLLECTOR_LOCK = 7_270_002;

export type LockedRun<T> = { acquired: true; value: T } | { acquired: false };

export async function withCollectorLock<T>(db: Database, fn: () => Promise<T>): Promise<LockedRun<T>> {
  if (db.kind !== 'postgres') return { acquired: true, value: await fn() };
  // The transaction only pins one connection: the lock must be taken and released on the same session.
  return db.transaction(async (session) => {
    const { rows } = await session.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [COLLECTOR_LOCK]);
    if (!rows[0]?.got) return { acquired: false } as const;
    try {
      return { acquired: true, value: await fn() } as const;
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [COLLECTOR_LOCK]);
    }
  });
}
