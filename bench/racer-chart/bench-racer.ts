/**
 * The racer benchmarks' set-up: the migrated database holds one racer (`bench_racer`, team BENCH)
 * with `count` synthetic batches (synthetic-batches.ts), and an app over it.
 */
import { loadConfig } from '../../server/config.js';
import { insertBatches } from '../../server/db/batch-writer.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { buildApp } from '../../server/http/app.js';
import { SYNTHETIC_END, syntheticBatches } from './synthetic-batches.js';

export const BENCH_TZ = 'America/Chicago';

/** Migrates `db` and writes the racer and their history, in transactions of 10,000 batches. */
export async function seedBenchRacer(db: Database, count: number): Promise<void> {
  await migrate(db);
  await db.query("INSERT INTO teams (tag) VALUES ('BENCH')");
  await db.query(
    "INSERT INTO racers (user_id, username, display_name, first_seen, last_seen) VALUES (9001, 'bench_racer', 'Bench Racer', now(), now())",
  );
  const rows = syntheticBatches(count);
  for (let i = 0; i < rows.length; i += 10_000) {
    await db.transaction((tx) => insertBatches(tx, rows.slice(i, i + 10_000), BENCH_TZ));
  }
}

/** The app over `db`, ready for `inject`. */
export async function benchRacerApp(db: Database) {
  const app = await buildApp({
    db,
    config: { ...loadConfig({}), siteTimezone: BENCH_TZ, demo: false },
    // The racer's last batch was written a moment ago: that day is today, every earlier one is over.
    now: () => new Date(SYNTHETIC_END + 60_000),
  });
  await app.ready();
  return app;
}
