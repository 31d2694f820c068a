/**
 * Run once before the server suites: one migrated database to copy, so a suite's set-up takes a
 * copy instead of creating and migrating its own (helpers.ts `freshDatabase`). PGlite's copy is a
 * dump of its data directory, loaded in memory; PostgreSQL's is a template database, copied by
 * CREATE DATABASE … TEMPLATE. Both are removed when the run ends, with every database made from
 * them. Tests about migrating or starting still do it for real (`createTestDatabase`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import { adminQuery, postgresReachable, urlOfDatabase } from './pg-admin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An uncompressed dump of a migrated PGlite data directory (PGlite's `loadDataDir`). */
    pgliteTemplate: string;
    /** The migrated template database, or null without a test PostgreSQL. */
    postgresTemplate: string | null;
    /** The name every database of this run starts with. */
    postgresPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const run = crypto.randomBytes(4).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-test-template-'));
  const pgliteTemplate = path.join(dir, 'pglite.tar');
  const pglite = await openPglite();
  try {
    await migrate(pglite);
    await pipeline(await pglite.dumpDataDir!(), createGunzip(), fs.createWriteStream(pgliteTemplate));
  } finally {
    await pglite.close();
  }

  const postgresPrefix = `nt_${run}_`;
  let postgresTemplate: string | null = null;
  if (await postgresReachable()) {
    postgresTemplate = `${postgresPrefix}template`;
    await adminQuery(`CREATE DATABASE ${postgresTemplate}`);
    const db = await openPostgres(urlOfDatabase(postgresTemplate), { max: 1 });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  }

  project.provide('pgliteTemplate', pgliteTemplate);
  project.provide('postgresTemplate', postgresTemplate);
  project.provide('postgresPrefix', postgresPrefix);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (postgresTemplate === null) return;
    const { rows } = await adminQuery<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [postgresPrefix],
    );
    for (const { datname } of rows) await adminQuery(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  };
}
