import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.js';
import { migrate } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/database.js';
import { insertBatches } from '../../server/db/batch-writer.js';
import { addBatches, dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

describe('embedded database directory', () => {
  it('refuses a second process on the same data directory with a clear message, and reopens after close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ntstats-lock-'));
    const db = await openDatabase({ dataDir: dir });
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${path.resolve('server/db/open.ts')}').then(m => m.openDatabase({ dataDir: ${JSON.stringify(dir)} })).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`,
      ],
      { encoding: 'utf8' },
    );
    expect(child.status).toBe(3);
    expect(child.stderr).toMatch(/in use by another process/);
    await db.close();
    const again = await openDatabase({ dataDir: dir });
    const { rows } = await again.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0].n).toBeGreaterThan(0);
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

describe.each(dbKinds)('migrations and batch writer on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase(kind);
  });
  afterAll(() => db.close());

  it('applies each migration once', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('merges a second batch in the same slot and keeps rollups equal to the batches', async () => {
    const t = new Date('2026-03-08T05:50:00Z'); // 23:50 CST on 7 March
    await addBatches(db, [
      { userId: 1, tag: 'A', endTime: t, races: 2, typed: 1000, errs: 10, secs: 100 },
      { userId: 1, tag: 'A', endTime: new Date('2026-03-08T06:00:00Z'), races: 1, typed: 500, errs: 5, secs: 60 },
    ]);
    await addBatches(db, [{ userId: 1, tag: 'A', endTime: t, races: 1, typed: 400, errs: 4, secs: 40 }]);
    const b = (
      await db.query<{ races: number; typed: number; points: number }>(
        'SELECT races, typed, points FROM batches WHERE user_id = 1 AND end_time = $1',
        [t],
      )
    ).rows[0];
    expect(b.races).toBe(3);
    expect(b.typed).toBe(1400);
    // points: 2 × (100 + 60) × 0.99 = 316.8 plus 1 × (100 + 60) × 0.99 = 158.4
    expect(b.points).toBeCloseTo(475.2, 9);
    const days = (
      await db.query<{ day: string; races: number; typed: number }>(
        'SELECT day, races, typed FROM daily_rollups WHERE user_id = 1 ORDER BY day',
      )
    ).rows;
    expect(days).toEqual([
      { day: '2026-03-07', races: 3, typed: 1400 },
      { day: '2026-03-08', races: 1, typed: 500 },
    ]);
    const hours = (
      await db.query<{ n: number; races: number }>(
        'SELECT count(*)::int AS n, sum(races)::int AS races FROM hourly_rollups WHERE user_id = 1',
      )
    ).rows[0];
    expect(hours).toEqual({ n: 2, races: 4 });
  });

  it('refuses a batch that does not end on a 10-minute slot boundary, and writes none of its poll', async () => {
    const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM batches')).rows[0].n;
    await expect(
      db.transaction((tx) =>
        insertBatches(
          tx,
          [
            {
              userId: 2,
              tag: 'A',
              endTime: new Date('2026-03-09T12:00:00Z'),
              races: 1,
              lifetimeRaces: 1,
              typed: 100,
              errs: 1,
              secs: 10,
              displayName: null,
            },
            {
              userId: 2,
              tag: 'A',
              endTime: new Date('2026-03-09T12:03:00Z'),
              races: 1,
              lifetimeRaces: 2,
              typed: 100,
              errs: 1,
              secs: 10,
              displayName: null,
            },
          ],
          TEST_TZ,
        ),
      ),
    ).rejects.toThrow(/batches_end_on_slot/);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM batches')).rows[0].n).toBe(before);
  });
});
