/**
 * Test harness for server tests: a fresh migrated database per suite (PGlite in memory, and a
 * database of its own on PostgreSQL when one is reachable), copied from the run's migrated
 * template (global-setup.ts), the Fastify app, and fixture writers.
 */
import crypto from 'node:crypto';
import { inject } from 'vitest';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import type { Database } from '../../server/db/database.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import { insertBatches, type BatchRow } from '../../server/db/batch-writer.js';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { loadConfig, type Config } from '../../server/config.js';
import { adminQuery, postgresReachable, urlOfDatabase } from './pg-admin.js';

export { PG_URL, postgresReachable } from './pg-admin.js';

export const TEST_TZ = 'America/Chicago';

export type DbKind = 'pglite' | 'postgres';

/** The database kinds to run a suite on: always PGlite, PostgreSQL when reachable. */
export const dbKinds: DbKind[] = ['pglite', ...((await postgresReachable()) ? (['postgres'] as const) : [])];

/** A test database on PostgreSQL: its name, the URL of its connections, and its removal. */
export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new database on the test PostgreSQL: empty, or a copy of `template`. */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const name = `${inject('postgresPrefix')}${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    name,
    url: urlOfDatabase(name),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A fresh, migrated database (a copy of the run's template); on PostgreSQL with the URL of its connections. */
export async function freshDatabase(kind: 'pglite'): Promise<Database>;
export async function freshDatabase(kind: DbKind): Promise<Database & { url?: string }>;
export async function freshDatabase(kind: DbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openPglite(undefined, { from: inject('pgliteTemplate') });
  const template = inject('postgresTemplate');
  if (!template) throw new Error('No test PostgreSQL: global-setup.ts found none to make the template on');
  const made = await createTestDatabase(template);
  const db = await openPostgres(made.url, { max: 4 });
  const close = db.close.bind(db);
  return Object.assign(db, {
    url: made.url,
    async close() {
      await close();
      await made.drop();
    },
  });
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
