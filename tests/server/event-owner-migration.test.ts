/**
 * Migration 270 on a database that already has events: each gets the first team of its tag list
 * (by position) as owner, and flagged racers unpaid; an event without teams has no owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { dbKinds, freshDatabase } from './helpers.js';

describe.each(dbKinds)('migration 270 (event owners) on %s', (kind) => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase(kind);
    // Back to the schema before 270, with events written then.
    await db.exec(`ALTER TABLE events DROP COLUMN owner_tag, DROP COLUMN pay_flagged;
                   DELETE FROM schema_migrations WHERE name = '270_event_owner.sql';`);
    await db.query(
      `INSERT INTO events (event_id, title, start_time, end_time) VALUES
         (1, 'Shared', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'),
         (2, 'Reordered', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'),
         (3, 'Solo', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'),
         (4, 'No teams', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z')`,
    );
    // Inserted out of order: the owner is the lowest position, not the first row or tag.
    await db.query(
      `INSERT INTO event_teams (event_id, tag, position) VALUES
         (1, 'ZULU', 0), (1, 'ALPHA', 1),
         (2, 'CHARLIE', 2), (2, 'BRAVO', 1), (2, 'YANKEE', 0),
         (3, 'DELTA', 0)`,
    );
  });
  afterAll(() => db.close());

  it('gives every event the first team of its list, and pays flagged racers nothing', async () => {
    expect(await migrate(db)).toEqual(['270_event_owner.sql']);
    const { rows } = await db.query<{ event_id: number; owner_tag: string | null; pay_flagged: boolean }>(
      'SELECT event_id, owner_tag, pay_flagged FROM events ORDER BY event_id',
    );
    expect(rows).toEqual([
      { event_id: 1, owner_tag: 'ZULU', pay_flagged: false },
      { event_id: 2, owner_tag: 'YANKEE', pay_flagged: false },
      { event_id: 3, owner_tag: 'DELTA', pay_flagged: false },
      { event_id: 4, owner_tag: null, pay_flagged: false },
    ]);
  });
});
