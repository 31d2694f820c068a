/**
 * One collector at a time. On PostgreSQL a session-level advisory lock is held on one connection
 * of its own for the whole run, so a second process (another server or the CLI) skips its run;
 * with PGlite the data-directory lock already allows one process.
 *
 * A connection that breaks takes its lock with it, and another process may take the lock: the run
 * is given `lockLost`, which aborts then, so it stops instead of running beside another collector.
 * The broken connection is discarded, and the next run takes the lock on a fresh one.
 */
import type { Database } from './database.js';
import { isConnectionError } from './connection-errors.js';

/** An arbitrary constant naming the collector's advisory lock. */
export const COLLECTOR_LOCK = 7_270_002;

export type LockedRun<T> = { acquired: true; value: T } | { acquired: false };

export async function withCollectorLock<T>(
  db: Database,
  fn: (lockLost?: AbortSignal) => Promise<T>,
): Promise<LockedRun<T>> {
  if (db.kind !== 'postgres' || !db.withSession) return { acquired: true, value: await fn() };
  return db.withSession(async (session, lost) => {
    const { rows } = await session.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1) AS got', [COLLECTOR_LOCK]);
    if (!rows[0]?.got) return { acquired: false } as const;
    try {
      return { acquired: true, value: await fn(lost) } as const;
    } finally {
      // A session that is gone holds no lock any more.
      if (!lost.aborted)
        await session.query('SELECT pg_advisory_unlock($1)', [COLLECTOR_LOCK]).catch((err: unknown) => {
          if (!isConnectionError(err)) throw err;
        });
    }
  });
}
