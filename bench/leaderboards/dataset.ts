/**
 * The leaderboard reference dataset, generated inside the database: 1,000 racers on 50 teams,
 * 91 days of 10-minute batches (one racing session of 6 to 14 hours within each UTC day per racer,
 * about 5.4 million batches), 50 racers who changed teams half-way, 20 flagged bots, and the hourly and
 * daily rollups built from the batches with INSERT … SELECT … GROUP BY.
 *
 * Indexes of the big tables are dropped during the load and rebuilt after it (the database must be
 * freshly migrated). A marker in app_meta lets a later run reuse the dataset.
 * The size is a `DatasetShape`: the reference one here, ten times the community in bench/scale.
 */
import type { Database } from '../../server/db/database.js';

/** How many racers on how many teams over how many days (ending at BENCH_NOW). */
export interface DatasetShape {
  racers: number;
  teams: number;
  days: number;
}
export const REFERENCE_SHAPE: DatasetShape = { racers: 1000, teams: 50, days: 91 };
export const { racers: RACERS, teams: TEAMS, days: DAYS } = REFERENCE_SHAPE;
/** The dataset's "now": a Tuesday afternoon two days after the spring-forward change. */
export const BENCH_NOW = new Date('2026-03-10T18:07:00Z');
const FIRST_DAY = '2025-12-10T00:00:00Z';
const marker = (s: DatasetShape) => `leaderboards-v4:${s.racers}:${s.teams}:${s.days}:${BENCH_NOW.toISOString()}`;
const BIG_TABLES = ['batches', 'hourly_rollups', 'daily_rollups'];
/** Summed from the rollups by the batch writer; built once after the SQL load here. */
const DERIVED_TABLES = ['running_totals'];
/** Migration 190's statement: each pair's running totals for every day from its first to the newest. */
const RUNNING_TOTALS_FROM_DAILY = `
  INSERT INTO running_totals (day, user_id, tag, races, typed, errs, secs, points)
  SELECT g.day::date, p.user_id, p.tag,
         sum(coalesce(d.races, 0)) OVER w, sum(coalesce(d.typed, 0)) OVER w, sum(coalesce(d.errs, 0)) OVER w,
         sum(coalesce(d.secs, 0)) OVER w, sum(coalesce(d.points, 0)) OVER w
    FROM (SELECT user_id, tag, min(day) AS first FROM daily_rollups GROUP BY 1, 2) AS p
   CROSS JOIN LATERAL generate_series(p.first, (SELECT max(day) FROM daily_rollups), interval '1 day') AS g(day)
    LEFT JOIN daily_rollups d ON d.user_id = p.user_id AND d.tag = p.tag AND d.day = g.day::date
  WINDOW w AS (PARTITION BY p.user_id, p.tag ORDER BY g.day)
  ORDER BY 1, 2, 3`;

/** Days generated per statement, so progress shows and no statement grows too large (7 for 1,000 racers). */
const chunkDays = (s: DatasetShape) => Math.max(1, Math.floor(7000 / s.racers));

export interface DatasetInfo {
  batches: number;
  hourlyRows: number;
  dailyRows: number;
  /** Seconds spent building, 0 when reused. */
  buildSeconds: number;
  reused: boolean;
}

/** TEAM01..TEAM50 for 50 teams, TEAM001..TEAM200 for 200. */
const tagSql = (s: DatasetShape, expr: string) =>
  `'TEAM' || lpad((((${expr}) - 1) % ${s.teams} + 1)::text, ${String(s.teams).length}, '0')`;
/** The tag of a racer (`u.id`) in a day (`d.day`): racers whose id is a multiple of 20 moved from another team on day 45. */
const batchTagSql = (s: DatasetShape) =>
  `CASE WHEN u.id % 20 = 0 AND d.day < 45 THEN ${tagSql(s, 'u.id + 7')} ELSE ${tagSql(s, 'u.id')} END`;

async function counts(db: Database): Promise<Omit<DatasetInfo, 'buildSeconds' | 'reused'>> {
  const { rows } = await db.query<{ b: number; h: number; d: number }>(
    'SELECT (SELECT count(*) FROM batches) AS b, (SELECT count(*) FROM hourly_rollups) AS h, (SELECT count(*) FROM daily_rollups) AS d',
  );
  return { batches: Number(rows[0].b), hourlyRows: Number(rows[0].h), dailyRows: Number(rows[0].d) };
}

async function dropIndexes(
  db: Database,
): Promise<Array<{ table: string; name: string; def: string; constraint: boolean }>> {
  const { rows } = await db.query<{ tablename: string; indexname: string; indexdef: string; is_constraint: boolean }>(
    `SELECT i.tablename, i.indexname, i.indexdef,
            EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname) AS is_constraint
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)`,
    [BIG_TABLES],
  );
  for (const r of rows) {
    await db.exec(
      r.is_constraint ? `ALTER TABLE ${r.tablename} DROP CONSTRAINT ${r.indexname}` : `DROP INDEX ${r.indexname}`,
    );
  }
  return rows.map((r) => ({ table: r.tablename, name: r.indexname, def: r.indexdef, constraint: r.is_constraint }));
}

async function restoreIndexes(
  db: Database,
  defs: Awaited<ReturnType<typeof dropIndexes>>,
  shape: DatasetShape,
): Promise<void> {
  const memory = shape.racers > REFERENCE_SHAPE.racers ? '1GB' : '256MB';
  for (const d of defs) {
    // Sorting in memory instead of in temporary files makes the builds several times faster.
    await db.exec(`SET maintenance_work_mem = '${memory}'; ${d.def}`);
    if (d.constraint)
      await db.exec(`ALTER TABLE ${d.table} ADD CONSTRAINT ${d.name} PRIMARY KEY USING INDEX ${d.name}`);
  }
}

async function loadBatches(db: Database, shape: DatasetShape, log: (s: string) => void): Promise<void> {
  const step = chunkDays(shape);
  for (let from = 0; from < shape.days; from += step) {
    const to = Math.min(shape.days, from + step) - 1;
    await db.query(
      `INSERT INTO batches (user_id, tag, end_time, races, lifetime_races, typed, errs, secs, points, display_name)
       SELECT user_id, tag, end_time, races, races + (slot % 3 = 0)::int, typed, errs, secs,
              races * (100 + (typed / 5.0) / (secs / 60.0) / 2) * (1 - errs::float8 / typed), NULL
         FROM (
           SELECT u.id AS user_id, ${batchTagSql(shape)} AS tag, k.slot,
                  $1::timestamptz + (d.day * 144 + k.slot) * interval '10 minutes' AS end_time,
                  v.races, v.typed, v.errs,
                  greatest(1, round(v.typed * 12.0 / (45 + (u.id * 37) % 90)))::bigint AS secs
             FROM generate_series(1, ${shape.racers}) AS u(id)
            CROSS JOIN generate_series($2::int, $3::int) AS d(day)
            CROSS JOIN LATERAL (SELECT 6 + (u.id * 13 + d.day * 5) % 9 AS len) l
            CROSS JOIN LATERAL (SELECT (u.id * 7 + d.day * 5) % (25 - l.len) AS h0) h
            CROSS JOIN LATERAL generate_series(h.h0 * 6, (h.h0 + l.len) * 6 - 1) AS k(slot)
            CROSS JOIN LATERAL (
              SELECT 1 + (u.id * 31 + d.day * 17 + k.slot * 7) % 4 AS races,
                     (1 + (u.id * 31 + d.day * 17 + k.slot * 7) % 4) * (180 + (u.id * 13 + k.slot) % 160) AS typed
            ) r
            CROSS JOIN LATERAL (SELECT r.races, r.typed::bigint AS typed, (r.typed * ((u.id * 7 + k.slot) % 5) / 100)::bigint AS errs) v
         ) g
        WHERE end_time <= $4::timestamptz
        ORDER BY end_time, user_id`,
      [FIRST_DAY, from, to, BENCH_NOW.toISOString()],
    );
    log(`  batches: days ${from}-${to} loaded`);
  }
}

/**
 * Rollups a week of batches at a time, in time order (as the collector writes them, poll after
 * poll), so each GROUP BY fits in memory. A site-zone day split by a chunk edge is added up.
 */
async function buildRollups(db: Database, tz: string, shape: DatasetShape, log: (s: string) => void): Promise<void> {
  if (!/^[A-Za-z0-9_/+-]+$/.test(tz)) throw new Error(`Unexpected time zone ${tz}`);
  const first = Date.parse(FIRST_DAY);
  const step = chunkDays(shape);
  for (let from = 0; from < shape.days; from += step) {
    const start = new Date(first + from * 86_400_000).toISOString();
    const end = new Date(first + (from + step) * 86_400_000).toISOString();
    const range = `end_time >= '${start}' AND end_time < '${end}'`;
    await db.exec(
      `SET work_mem = '256MB';
       INSERT INTO hourly_rollups (user_id, tag, hour, races, lifetime_races, typed, errs, secs, points)
       SELECT user_id, tag, date_trunc('hour', end_time, 'UTC') AS hour, sum(races), sum(lifetime_races), sum(typed), sum(errs), sum(secs), sum(points)
         FROM batches WHERE ${range} GROUP BY 1, 2, 3 ORDER BY hour, user_id;
       INSERT INTO daily_rollups (user_id, tag, day, day_start, races, lifetime_races, typed, errs, secs, points)
       SELECT user_id, tag, day, (day::timestamp AT TIME ZONE '${tz}'), races, lifetime_races, typed, errs, secs, points
         FROM (SELECT user_id, tag, (end_time AT TIME ZONE '${tz}')::date AS day, sum(races) AS races,
                      sum(lifetime_races) AS lifetime_races, sum(typed) AS typed, sum(errs) AS errs, sum(secs) AS secs, sum(points) AS points
                 FROM batches WHERE ${range} GROUP BY 1, 2, 3) s
        ORDER BY day, user_id
       ON CONFLICT (user_id, day, tag) DO UPDATE SET
         races = daily_rollups.races + excluded.races, lifetime_races = daily_rollups.lifetime_races + excluded.lifetime_races,
         typed = daily_rollups.typed + excluded.typed, errs = daily_rollups.errs + excluded.errs,
         secs = daily_rollups.secs + excluded.secs, points = daily_rollups.points + excluded.points;`,
    );
    log(`  rollups: days ${from}-${Math.min(shape.days, from + step) - 1}`);
  }
}

async function loadPeople(db: Database, shape: DatasetShape): Promise<void> {
  const { racers, teams } = shape;
  await db.query(
    `INSERT INTO teams (tag, name) SELECT ${tagSql(shape, 't')}, 'Team ' || t FROM generate_series(1, ${teams}) t`,
  );
  await db.query(
    `INSERT INTO racers (user_id, username, display_name, first_seen, last_seen)
     SELECT u, 'racer' || u, 'Racer ' || u, $1::timestamptz, $2::timestamptz FROM generate_series(1, ${racers}) u`,
    [FIRST_DAY, BENCH_NOW.toISOString()],
  );
  const moved = `$1::timestamptz + interval '45 days'`;
  await db.query(
    `INSERT INTO memberships (tag, user_id, join_stamp, role, first_seen, last_seen, left_at)
     SELECT ${tagSql(shape, 'u + 7')}, u, $1::timestamptz, 'member', $1::timestamptz, ${moved}, ${moved}
       FROM generate_series(20, ${racers}, 20) u`,
    [FIRST_DAY],
  );
  await db.query(
    `INSERT INTO memberships (tag, user_id, join_stamp, role, first_seen, last_seen)
     SELECT ${tagSql(shape, 'u')}, u, CASE WHEN u % 20 = 0 THEN ${moved} ELSE $1::timestamptz END, 'member', $1::timestamptz, $2::timestamptz
       FROM generate_series(1, ${racers}) u`,
    [FIRST_DAY, BENCH_NOW.toISOString()],
  );
  await db.query(
    `INSERT INTO bot_flags (user_id, flagged_by) SELECT u, 'bench' FROM generate_series(3, ${racers}, 50) u`,
  );
}

/** Whether the database already holds this dataset (from an earlier run). */
export async function hasDataset(db: Database, shape = REFERENCE_SHAPE): Promise<boolean> {
  const { rows } = await db.query<{ value: string }>("SELECT value FROM app_meta WHERE key = 'bench_dataset'");
  return rows[0]?.value === marker(shape);
}

export async function datasetInfo(db: Database): Promise<DatasetInfo> {
  // A dataset built before a migration added tables: give the planner their statistics, and
  // PGlite (no autovacuum) the visibility maps that index-only scans need.
  await db.exec(`VACUUM ANALYZE ${DERIVED_TABLES.join(', ')}`);
  return { ...(await counts(db)), buildSeconds: 0, reused: true };
}

/** Builds the dataset in a freshly migrated, empty database. */
export async function buildDataset(
  db: Database,
  tz: string,
  log: (s: string) => void,
  shape = REFERENCE_SHAPE,
): Promise<DatasetInfo> {
  const t0 = performance.now();
  await loadPeople(db, shape);
  const defs = await dropIndexes(db);
  await loadBatches(db, shape, log);
  log('  building batch indexes');
  await restoreIndexes(
    db,
    defs.filter((d) => d.table === 'batches'),
    shape,
  );
  // The daily rollups' primary key must exist for the ON CONFLICT of the chunk edges.
  await restoreIndexes(
    db,
    defs.filter((d) => d.table === 'daily_rollups' && d.constraint),
    shape,
  );
  await buildRollups(db, tz, shape, log);
  // The batch writer keeps the running totals; rollups loaded by SQL need them built once, as
  // migration 190 builds them from the rollups written before it.
  await db.exec(RUNNING_TOTALS_FROM_DAILY);
  log('  building rollup indexes');
  await restoreIndexes(
    db,
    defs.filter((d) => d.table !== 'batches' && !(d.table === 'daily_rollups' && d.constraint)),
    shape,
  );
  await db.exec(
    `VACUUM ANALYZE ${[...BIG_TABLES, ...DERIVED_TABLES, 'racers', 'memberships', 'bot_flags'].join(', ')}`,
  );
  await db.exec('CHECKPOINT');
  await db.query(
    "INSERT INTO app_meta (key, value) VALUES ('bench_dataset', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    [marker(shape)],
  );
  return { ...(await counts(db)), buildSeconds: (performance.now() - t0) / 1000, reused: false };
}
