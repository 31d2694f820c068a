/**
 * The health check behind GET /api/health: the database answers, every shipped migration is
 * applied, how long ago the collector last polled a team, and which tracked teams it cannot read
 * now. Never throws: a failure becomes `status: 'unavailable'` with the reason. Failing teams
 * alone keep `status: 'ok'` (the site still serves what it has): a monitor alerts on the list.
 */
import type { HealthResponse } from '../../contract/health.js';
import type { Database } from '../db/database.js';
import { lastSuccessfulPollAt } from '../db/collector-runs-repo.js';
import { appliedMigrationNames, pingDatabase } from '../db/health-repo.js';
import { migrationNames } from '../db/migrate.js';
import { SERVER_VERSION } from './version.js';
import { failingTrackedTeams } from './team-failures.js';

/** An unreachable PostgreSQL server can leave a query waiting for minutes: a monitor wants an answer. */
export const HEALTH_DB_TIMEOUT_MS = 5_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function probe(db: Database) {
  const started = performance.now();
  await pingDatabase(db);
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const applied = await appliedMigrationNames(db);
  const pending = migrationNames().filter((name) => !applied.has(name));
  return { latencyMs, pending, lastPoll: await lastSuccessfulPollAt(db), failing: await failingTrackedTeams(db) };
}

export async function checkHealth(db: Database, now: Date, timeoutMs = HEALTH_DB_TIMEOUT_MS): Promise<HealthResponse> {
  const base = { version: SERVER_VERSION, checkedAt: now.toISOString() };
  let result: Awaited<ReturnType<typeof probe>>;
  try {
    result = await withTimeout(probe(db), timeoutMs);
  } catch (err) {
    return {
      ...base,
      status: 'unavailable',
      database: { kind: db.kind, reachable: false, latencyMs: null },
      migrations: { current: false, pending: null },
      lastSuccessfulPollAt: null,
      lastSuccessfulPollAgeSeconds: null,
      failingTeams: null,
      error: `Database unavailable: ${(err as Error).message}`,
    };
  }
  const { latencyMs, pending, lastPoll, failing } = result;
  const current = pending.length === 0;
  return {
    ...base,
    status: current ? 'ok' : 'unavailable',
    database: { kind: db.kind, reachable: true, latencyMs },
    migrations: { current, pending },
    lastSuccessfulPollAt: lastPoll ? lastPoll.toISOString() : null,
    lastSuccessfulPollAgeSeconds: lastPoll
      ? Math.max(0, Math.round((now.getTime() - lastPoll.getTime()) / 1000))
      : null,
    failingTeams: failing,
    ...(current ? {} : { error: `Database schema is behind: ${pending.length} migration(s) not applied` }),
  };
}
