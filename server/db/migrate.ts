/**
 * Applies the numbered SQL files of ./migrations in order, each once, recorded in schema_migrations,
 * all in one transaction: a failed migration leaves the schema as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** An arbitrary constant: the advisory lock that makes concurrent starts on PostgreSQL take turns. */
const MIGRATION_LOCK = 7_270_001;

/** The migration files this version of the server ships, in the order they apply. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort();
}

export async function migrate(db: Database): Promise<string[]> {
  const files = migrationNames();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(fs.readFileSync(path.join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
