/** SQL of the health check (server/ops/health.ts): the database answers, and which migrations it holds. */
import type { Queryable } from './database.js';

/** Resolves once the database has answered a trivial statement. */
export async function pingDatabase(q: Queryable): Promise<void> {
  await q.query('SELECT 1');
}

export async function appliedMigrationNames(q: Queryable): Promise<Set<string>> {
  const { rows } = await q.query<{ name: string }>('SELECT name FROM schema_migrations');
  return new Set(rows.map((r) => r.name));
}
