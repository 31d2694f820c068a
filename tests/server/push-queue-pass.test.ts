/**
 * The after-poll push queue pass with many devices: a few statements a chunk of devices, not a few
 * per device (3,000 devices took 8.4 s at three or four statements each), and with a time budget a
 * pass stops after a chunk and the next goes on from there, round to the first device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/database.js';
import { enqueuePushDue, type PushQueueCursor } from '../../server/push/enqueue-push.js';
import { addBatches, addRacer, addTeam, dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

// Saturday 14 March 2026, 11:00 in Chicago: the last day of the site week, after 09:00.
const T0 = new Date('2026-03-14T16:00:00Z');
const DEVICES = 600;

describe.each(dbKinds)('the push queue pass on %s', (kind) => {
  let db: Database;
  let statements = 0;
  /** The database, counting the statements sent through it. */
  let counted: Queryable;

  beforeAll(async () => {
    db = await freshDatabase(kind);
    counted = {
      query: (sql, params) => {
        statements++;
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
    };
    await addTeam(db, 'ALPHA', { weekly_requirement: 50 });
    await addRacer(db, { userId: 1, username: 'alf', tag: 'ALPHA' });
    await addRacer(db, { userId: 2, username: 'bea', tag: 'ALPHA' });
    await db.query(
      `INSERT INTO events (event_id, title, start_time, end_time, qualifying_races, payout_increment)
       VALUES (7, 'Spring Cup', '2026-03-13T12:00:00Z', '2026-03-14T12:00:00Z', 1, 5)`,
    );
    await db.query("INSERT INTO event_teams (event_id, tag, position) VALUES (7, 'ALPHA', 0)");
    const batch = (userId: number, races: number) => ({
      userId,
      tag: 'ALPHA',
      endTime: new Date('2026-03-13T18:00:00Z'),
      races,
      typed: races * 250,
      errs: races * 2,
      secs: races * 60,
    });
    // alf 20 races this week, bea 5: both short of 50, both in the event.
    await addBatches(db, [batch(1, 20), batch(2, 5)]);
    // Every device wants all three personal messages; half are alf, half bea.
    await db.query(
      `INSERT INTO push_subscriptions (endpoint, p256dh, auth, app_origin, username, passed_board, event_ended,
         requirement_risk, created_at, updated_at, seen_at)
       SELECT 'https://fcm.googleapis.com/fcm/send/d' || i, 'k', 'a', 'https://stats.example.org',
              CASE WHEN i % 2 = 0 THEN 'alf' ELSE 'bea' END, '24hour', true, true, $1, $1, $1
         FROM generate_series(1, $2::int) AS i`,
      [T0, DEVICES],
    );
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  const outbox = async () =>
    (
      await db.query<{ kind: string; n: string }>(
        'SELECT kind, count(*) AS n FROM push_outbox GROUP BY kind ORDER BY kind',
      )
    ).rows.map((r) => [r.kind, Number(r.n)]);

  it('judges 600 devices in a few statements, not a few per device', async () => {
    statements = 0;
    // Each device: the event result and the requirement warning (its first board position is kept, no pass yet).
    expect(await enqueuePushDue(counted, { now: T0, tz: TEST_TZ })).toBe(2 * DEVICES);
    expect(statements).toBeLessThan(60);
    expect(await outbox()).toEqual([
      ['event-ended', DEVICES],
      ['requirement', DEVICES],
    ]);
    const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM push_positions');
    expect(Number(rows[0].n)).toBe(DEVICES);

    statements = 0;
    expect(await enqueuePushDue(counted, { now: new Date(T0.getTime() + 600_000), tz: TEST_TZ })).toBe(0);
    expect(statements).toBeLessThan(60);
  });

  it('with a time budget, stops after a chunk and goes on from there in the next pass', async () => {
    await db.query('DELETE FROM push_outbox');
    const cursor: PushQueueCursor = { after: 0 };
    const { rows } = await db.query<{ id: string }>('SELECT id FROM push_subscriptions ORDER BY id');
    const ids = rows.map((r) => Number(r.id));
    // Out of time from the start: one chunk of 250 devices a pass, two messages each.
    const pass = () => enqueuePushDue(db, { now: T0, tz: TEST_TZ, budgetMs: 0, cursor, chunk: 250 });
    expect(await pass()).toBe(500);
    expect(cursor.after).toBe(ids[249]);
    expect(await pass()).toBe(500);
    expect(cursor.after).toBe(ids[499]);
    // The last 100: every device has been judged, the next pass starts from the first again.
    expect(await pass()).toBe(200);
    expect(cursor.after).toBe(0);
    expect(await pass()).toBe(0);
    expect(await outbox()).toEqual([
      ['event-ended', DEVICES],
      ['requirement', DEVICES],
    ]);
  });
});
