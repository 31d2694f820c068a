/**
 * Test harness for server tests: a fresh migrated database per suite (PGlite in memory, and a
 * throw-away schema on PostgreSQL when one is reachable), the Fastify app, and fixture writers.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import { insertBatches, type BatchRow } from '../../server/db/batch-writer.js';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { loadConfig, type Config } from '../../server/config.js';

export const TEST_TZ = 'America/Chicago';
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgReachable: boolean | undefined;
/** Whether the test PostgreSQL server answers (CI has one on 127.0.0.1:5432). */
export async function postgresReachable(): Promise<boolean> {
  if (pgReachable !== undefined) return pgReachable;
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    pgReachable = true;
  } catch {
    pgReachable = false;
  }
  return pgReachable;
}

export type DbKind = 'pglite' | 'postgres';

/** The database kinds to run a suite on: always PGlite, PostgreSQL when reachable. */
export const dbKinds: DbKind[] = ['pglite', ...((await postgresReachable()) ? (['postgres'] as const) : [])];

/** A fresh, migrated database: PGlite in memory, or a new schema on the test PostgreSQL. */
export async function freshDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return db;
  }
  const schema = await createTestSchema();
  const db = await openPostgres(schema.url, { max: 4 });
  await migrate(db);
  const close = db.close.bind(db);
  return Object.assign(db, {
    async close() {
      await close();
      await schema.drop();
    },
  });
}

/** A new, empty schema on the test PostgreSQL: the URL whose connections use it, and its removal. */
export async function createTestSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}

export interface TestContext {
  db: Database;
  app: App;
  /** Moves the app's clock. */
  setNow(d: Date): void;
  close(): Promise<void>;
}

export async function testApp(
  kind: DbKind,
  now = new Date('2026-03-10T18:00:00Z'),
  overrides: Partial<Config> = {},
): Promise<TestContext> {
  const db = await freshDatabase(kind);
  let current = now;
  // As deployed behind a reverse proxy (X-Forwarded-* trusted); tests of a direct deployment override it.
  const config = {
    ...loadConfig({}),
    siteTimezone: TEST_TZ,
    trackedTeams: ['TEST'],
    demo: false,
    trustProxy: true,
    ...overrides,
  };
  const app = await buildApp({ db, config, now: () => current });
  await app.ready();
  return {
    db,
    app,
    setNow: (d) => {
      current = d;
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** Inserts a tracked team with optional info fields. */
export async function addTeam(
  db: Database,
  tag: string,
  info: Partial<{ name: string; weekly_requirement: number; min_races: number; min_speed: number }> = {},
) {
  await db.query(
    `INSERT INTO teams (tag, name, weekly_requirement, min_races, min_speed) VALUES ($1, $2, $3, $4, $5)`,
    [tag, info.name ?? `Team ${tag}`, info.weekly_requirement ?? null, info.min_races ?? null, info.min_speed ?? null],
  );
  await bumpDataVersion(db);
}

/** Inserts a racer and a current membership of `tag`, bumping the data version as every real write does. */
export async function addRacer(
  db: Database,
  r: { userId: number; username: string; displayName?: string | null; tag?: string; joined?: Date; bot?: boolean },
) {
  const joined = r.joined ?? new Date('2026-01-01T00:00:00Z');
  await db.query(
    `INSERT INTO racers (user_id, username, display_name, first_seen, last_seen) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (user_id) DO NOTHING`,
    [r.userId, r.username, r.displayName ?? null, joined],
  );
  if (r.tag) {
    await db.query(
      `INSERT INTO memberships (tag, user_id, join_stamp, role, first_seen, last_seen) VALUES ($1, $2, $3, 'member', $3, $3)`,
      [r.tag, r.userId, joined],
    );
  }
  if (r.bot) await db.query('INSERT INTO bot_flags (user_id, flagged_by) VALUES ($1, $2)', [r.userId, 'test']);
  await bumpDataVersion(db);
}

/** Writes batches (and their rollups) exactly as the collector does. */
export async function addBatches(
  db: Database,
  rows: Array<
    Omit<BatchRow, 'displayName' | 'lifetimeRaces'> & Partial<Pick<BatchRow, 'displayName' | 'lifetimeRaces'>>
  >,
) {
  await db.transaction((tx) =>
    insertBatches(
      tx,
      rows.map((r) => ({ ...r, lifetimeRaces: r.lifetimeRaces ?? r.races, displayName: r.displayName ?? null })),
      TEST_TZ,
    ).then(() => bumpDataVersion(tx)),
  );
}
