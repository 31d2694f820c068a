/**
 * A small, hand-computable community for the team-screen tests. The clock is Thursday
 * 2026-04-02 12:00 CDT (17:00 UTC); the current week is Sunday March 29 to Saturday April 4, so it
 * crosses a month end, and several batches sit just before and after midnight CT (where the UTC
 * day differs) and on the 24 h / 7 d window edges. Times below are CT wall-clock times.
 */
import { parseSiteDateTime } from '../../rules/site-time.js';
import type { Database } from '../../server/db/database.js';
import { addBatches, addRacer, addTeam, TEST_TZ } from './helpers.js';

export const NOW = new Date('2026-04-02T17:00:00Z');

export function ct(s: string): Date {
  const d = parseSiteDateTime(s, TEST_TZ);
  if (!d) throw new Error(`bad fixture time ${s}`);
  return d;
}

export const ALICE = 1,
  BOB = 2,
  CAROL = 3,
  DAVE = 4,
  ERIN = 5,
  FRANK = 6;

type B = [userId: number, ct: string, races: number, typed: number, errs: number, secs: number];
/** ALPHA's batches; WPM = 12·typed/secs, accuracy = 1 − errs/typed. */
export const ALPHA_BATCHES: B[] = [
  [ALICE, '2026-03-28 23:50', 2, 1000, 10, 120], // B1  Sat, last week        100 wpm .99 297
  [ALICE, '2026-03-29 00:00', 3, 1500, 30, 225], // B2  Sun, this week        80 wpm .98 411.6
  [BOB, '2026-03-31 23:00', 4, 2000, 0, 240], //    B3  Mar 31 (UTC Apr 1)     100 wpm 1   600
  [ALICE, '2026-04-01 23:50', 1, 500, 5, 60], //    B4  Apr 1 (UTC Apr 2)      100 wpm .99 148.5
  [CAROL, '2026-04-02 00:00', 2, 600, 12, 90], //   B5  Apr 2                  80 wpm .98 274.4
  [DAVE, '2026-04-02 00:10', 5, 2500, 50, 300], //  B6  Apr 2, former member   100 wpm .98 735
  [BOB, '2026-04-02 11:40', 6, 3000, 30, 360], //   B7                         100 wpm .99 891
  [ALICE, '2026-04-02 12:00', 1, 400, 4, 60], //    B8  exactly now            80 wpm .99 138.6
  [CAROL, '2026-04-01 12:00', 1, 500, 0, 60], //    B9  exactly now − 24 h     100 wpm 1   150
  [CAROL, '2026-04-01 11:50', 20, 10000, 0, 1200], // B10 just before now − 24 h 100 wpm 1 3000
  [BOB, '2026-03-26 11:50', 50, 25000, 0, 3000], // B11 just before now − 168 h 100 wpm 1 7500
  [BOB, '2026-03-26 12:00', 7, 3500, 35, 420], //   B12 exactly now − 168 h    100 wpm .99 1039.5
  [ALICE, '2026-03-08 01:30', 3, 1500, 15, 180], // B13 DST day, before 2am    100 wpm .99 445.5
  [ALICE, '2026-03-07 23:50', 4, 2000, 20, 240], // B14 Sat before DST         100 wpm .99 594
];

export async function seedTeamFixture(db: Database): Promise<void> {
  await addTeam(db, 'ALPHA', { name: 'Alpha', weekly_requirement: 10 });
  await addTeam(db, 'BETA', { name: 'Beta' });
  await db.query("INSERT INTO teams (tag, tracked) VALUES ('GONE', false)");
  await addRacer(db, {
    userId: ALICE,
    username: 'alice',
    displayName: 'Alice A',
    tag: 'ALPHA',
    joined: new Date('2025-06-01T15:00:00Z'),
  });
  await addRacer(db, {
    userId: BOB,
    username: 'bob',
    displayName: 'Bob',
    tag: 'ALPHA',
    joined: new Date('2025-01-15T12:00:00Z'),
    bot: true,
  });
  await addRacer(db, {
    userId: CAROL,
    username: 'carol',
    displayName: null,
    tag: 'ALPHA',
    joined: new Date('2026-03-30T03:00:00Z'),
  });
  await addRacer(db, {
    userId: DAVE,
    username: 'dave',
    displayName: 'Dave D',
    tag: 'ALPHA',
    joined: new Date('2025-02-01T00:00:00Z'),
  });
  await db.query('UPDATE memberships SET left_at = $1 WHERE user_id = $2', [ct('2026-04-02 06:00'), DAVE]);
  await addRacer(db, {
    userId: ERIN,
    username: 'erin',
    displayName: 'Erin',
    tag: 'BETA',
    joined: new Date('2025-03-01T00:00:00Z'),
  });
  await addRacer(db, { userId: FRANK, username: 'frank', displayName: 'Frank', tag: 'GONE' });

  const snapshot = `INSERT INTO member_snapshots (tag, user_id, taken_at, played, races_played, typed, errs, secs, avg_speed, highest_speed, display_name)
                    VALUES ($1, $2, $3, $4, $5, 0, 0, 0, $6, $7, $8)`;
  await db.query(snapshot, ['ALPHA', ALICE, NOW, 500, 12000, 95.5, 130.2, 'Alice A']);
  await db.query(snapshot, ['ALPHA', BOB, NOW, 1500, 40000, 101, 150, 'Bob']);
  await db.query(snapshot, ['BETA', ERIN, ct('2026-04-02 11:00'), 900, 9000, 88, 120, 'Erin']);
  await db.query(snapshot, ['GONE', FRANK, NOW, 1, 1, 50, 50, 'Frank']);

  await db.query(
    "INSERT INTO squad_assignments (tag, user_id, squad) VALUES ('ALPHA', $1, 'Avocado'), ('ALPHA', $2, 'Blueberry')",
    [ALICE, CAROL],
  );
  await db.query(
    "INSERT INTO squad_names (tag, squad, custom_name) VALUES ('ALPHA', 'Avocado', 'Avos'), ('BETA', 'Blueberry', 'Berries')",
  );

  await addBatches(db, [
    ...ALPHA_BATCHES.map(([userId, at, races, typed, errs, secs]) => ({
      userId,
      tag: 'ALPHA',
      endTime: ct(at),
      races,
      typed,
      errs,
      secs,
    })),
    // Another team's racing at the same times must never leak into ALPHA.
    { userId: ERIN, tag: 'BETA', endTime: ct('2026-04-02 11:00'), races: 100, typed: 50000, errs: 0, secs: 6000 },
    { userId: ERIN, tag: 'BETA', endTime: ct('2026-03-29 00:00'), races: 40, typed: 20000, errs: 0, secs: 2400 },
  ]);
}
