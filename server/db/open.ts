/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and migrates it. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from './database.js';
import { isConnectionError } from './connection-errors.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

/** One failed attempt to reach PostgreSQL, and when the next one comes. */
export interface DatabaseWait {
  /** 1 for the first failure. */
  attempt: number;
  /** What went wrong, in words (no secret: the driver's message, e.g. `connect ECONNREFUSED 10.0.0.5:5432`). */
  reason: string;
  retryInMs: number;
}

/** The waits between attempts: 1 s, doubling, at most 15 s. */
export const DATABASE_RETRY = { firstMs: 1_000, maxMs: 15_000 };

/** The wait after failed attempt number `attempt` (1-based). */
export function databaseRetryDelay(attempt: number, retry = DATABASE_RETRY): number {
  return Math.min(retry.maxMs, retry.firstMs * 2 ** Math.min(attempt - 1, 20));
}

/** An error's message; a host with several addresses fails with an AggregateError of one per address. */
export function connectionFailureText(err: unknown): string {
  if (err instanceof AggregateError && !err.message) return err.errors.map(connectionFailureText).join('; ');
  if (err instanceof Error) return err.message || String((err as { code?: unknown }).code ?? err.name);
  return String(err);
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** Hears start-up notes (a data directory made owner-only); default stderr. */
  log?: (line: string) => void;
  /**
   * PostgreSQL not answering (refused, unreachable, starting up, not accepting connections) is
   * waited out: `onWait` hears each failed attempt, the next comes after DATABASE_RETRY's back-off,
   * until one succeeds or `signal` aborts (rejecting with its reason). Without it the first failure
   * rejects. Any other error (a wrong password, no such database) rejects at once.
   */
  waitForServer?: { onWait: (wait: DatabaseWait) => void; signal?: AbortSignal; retry?: typeof DATABASE_RETRY };
}): Promise<Database> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openOnce(opts);
    } catch (err) {
      const wait = opts.waitForServer;
      if (!wait || !opts.databaseUrl || !isConnectionError(err)) throw err;
      if (wait.signal?.aborted) throw wait.signal.reason;
      const retryInMs = databaseRetryDelay(attempt, wait.retry);
      wait.onWait({ attempt, reason: connectionFailureText(err), retryInMs });
      // A stop while waiting rejects with the stop's own reason.
      await sleep(retryInMs, undefined, { signal: wait.signal }).catch(() => Promise.reject(wait.signal!.reason));
    }
  }
}

async function openOnce(opts: { databaseUrl?: string; dataDir?: string; log?: (line: string) => void }) {
  const db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await openPglite(opts.dataDir, { log: opts.log });
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
