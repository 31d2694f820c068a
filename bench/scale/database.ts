/**
 * The ten-times dataset's database: schema bench_scale of the PostgreSQL database `test` (or
 * BENCH_DATABASE_URL), built once by the reference generator (bench/leaderboards/dataset.ts) with
 * SCALE_SHAPE and reused by later runs while its marker matches. Runnable alone to build it:
 * `npx tsx bench/scale/database.ts`.
 */
import { pathToFileURL } from 'node:url';
import { benchSchemaUrl, prepareBenchSchema } from '../bench-postgres.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPostgres } from '../../server/db/postgres.js';
import { buildDataset, datasetInfo, hasDataset, type DatasetInfo, type DatasetShape } from '../leaderboards/dataset.js';

export const SCALE_SHAPE: DatasetShape = { racers: 10_000, teams: 200, days: 91 };
export const SCALE_TZ = 'America/Chicago';
export const SCALE_SCHEMA = 'bench_scale';
/** Session settings of the build's connections: sorts and hashes in memory, no wait for each commit's flush. */
const BUILD_SETTINGS = ['work_mem=256MB', 'synchronous_commit=off'];

/** The existing dataset brought up to the current migrations, or null when it must be (re)built. */
async function reuse(log: (s: string) => void): Promise<DatasetInfo | null> {
  const db = await openPostgres(benchSchemaUrl(SCALE_SCHEMA, ['maintenance_work_mem=1GB']), { max: 1 });
  try {
    if (!(await hasDataset(db, SCALE_SHAPE))) return null;
    const t0 = performance.now();
    await migrate(db);
    const info = await datasetInfo(db);
    log(`  dataset reused (migrated and analysed in ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    return info;
  } catch (err) {
    log(`  dataset not reusable: ${(err as Error).message}`);
    return null;
  } finally {
    await db.close();
  }
}

/**
 * The dataset, reused or built from scratch (tens of minutes), or null when PostgreSQL does not
 * answer. The caller opens its own connections to measure.
 */
export async function prepareScaleDataset(log: (s: string) => void): Promise<DatasetInfo | null> {
  if (!(await prepareBenchSchema(SCALE_SCHEMA, false))) return null;
  const existing = await reuse(log);
  if (existing) return existing;
  log(`building the ${SCALE_SHAPE.racers.toLocaleString('en-US')}-racer dataset in schema ${SCALE_SCHEMA}`);
  await prepareBenchSchema(SCALE_SCHEMA, true);
  const db: Database = await openPostgres(benchSchemaUrl(SCALE_SCHEMA, BUILD_SETTINGS), { max: 1 });
  try {
    await migrate(db);
    return await buildDataset(db, SCALE_TZ, (s) => log(`${new Date().toISOString().slice(11, 19)} ${s}`), SCALE_SHAPE);
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const info = await prepareScaleDataset(console.log);
  console.log(info ?? 'PostgreSQL did not answer');
}
