/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite) and migrates it. */
import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /** Hears start-up notes (a data directory made owner-only); default stderr. */
  log?: (line: string) => void;
}): Promise<Database> {
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
