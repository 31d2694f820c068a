/**
 * The 24-hour and 7-day boards stay equal to the naive query over raw batches through polls every
 * 10 minutes for nine days, at every minute of a slot, through a second batch for a slot, a late
 * batch inside and outside the span, a team move, and a collector stopped for two days; plus
 * hand-computed numbers at the edges of both boards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { individualLeaderboard, teamLeaderboard } from '../../server/db/leaderboards/leaderboard-repo.js';
import { periodWindow } from '../../rules/periods.js';
import { expectBoardsEqualNaive } from './board-oracle.js';
import { addBatches, addRacer, addTeam, dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

const MIN = 60_000;
const SLOT = 10 * MIN;

/** `races` races of 500 characters, 5 errors, 40 s each: points per race (100 + 150 / 2) × 0.99 = 173.25. */
const b = (userId: number, tag: string, endTime: number, races: number) => ({
  userId,
  tag,
  endTime: new Date(endTime),
  races,
  typed: 500 * races,
  errs: 5 * races,
  secs: 40 * races,
});

const START = Date.parse('2026-03-02T00:00:00Z');

/** The rolling boards at `now`, each checked against the naive query. */
async function expectRollingNaive(db: Database, now: Date): Promise<void> {
  for (const period of ['24hour', '7day'] as const) {
    const w = periodWindow({ period }, now, TEST_TZ);
    await expectBoardsEqualNaive(db, w, now, `${period} at ${now.toISOString()}`);
  }
}

describe.each(dbKinds)('rolling boards on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase(kind);
    await addTeam(db, 'ALPHA');
    await addTeam(db, 'BRAVO');
    await addRacer(db, { userId: 1, username: 'alice', tag: 'ALPHA' });
    await addRacer(db, { userId: 2, username: 'bob', tag: 'BRAVO' });
    await addRacer(db, { userId: 3, username: 'cy', tag: 'BRAVO', bot: true });
  });
  afterAll(() => db.close());

  it('agree with the naive query through nine days of polls, late batches and a team move', async () => {
    let checks = 0;
    // A poll every 10 minutes; each racer races in some of them, so some polls write nothing.
    for (let t = START; t <= START + 9 * 1440 * MIN; t += SLOT) {
      const k = (t - START) / SLOT;
      const rows = [
        ...(k % 5 === 0 ? [b(1, k < 800 ? 'ALPHA' : 'BRAVO', t, 1 + (k % 4))] : []),
        ...(k % 7 === 2 ? [b(2, 'BRAVO', t, 2)] : []),
        ...(k % 11 === 5 ? [b(3, 'BRAVO', t, 3)] : []),
      ];
      if (k % 97 === 0) rows.push(b(2, 'BRAVO', t - 6 * 60 * MIN, 1)); // late, inside both spans
      if (k % 101 === 0) rows.push(b(2, 'ALPHA', t - 30 * 60 * MIN, 2)); // late, outside the 24 hours
      if (rows.length) await addBatches(db, rows);
      if (k % 29 === 0 && rows.length) await addBatches(db, [rows[0]]); // a second batch for the slot
      if (k % 83 === 0 && k > 0) {
        for (const minute of [0, 1, 7, 9]) {
          checks++;
          await expectRollingNaive(db, new Date(t + minute * MIN));
        }
      }
    }
    expect(checks).toBe(60);
  });

  it('agree when the collector stopped for two days, and again after it starts', async () => {
    const stopped = START + 9 * 1440 * MIN;
    const back = stopped + 2 * 1440 * MIN;
    await expectRollingNaive(db, new Date(back));
    await addBatches(db, [b(1, 'BRAVO', back, 2), b(2, 'BRAVO', back, 1)]);
    await expectRollingNaive(db, new Date(back + 3 * MIN));
  });

  it('gives hand-computed numbers for the last 24 hours', async () => {
    const fresh = await freshDatabase(kind);
    try {
      await addTeam(fresh, 'ALPHA');
      await addRacer(fresh, { userId: 1, username: 'alice', tag: 'ALPHA' });
      await addRacer(fresh, { userId: 2, username: 'bob', tag: 'ALPHA' });
      const noon = Date.parse('2026-03-03T18:00:00Z');
      // alice: 2 races a day before noon (outside), 3 at 12:10 yesterday, 4 now; bob: 5 at 12:00 yesterday.
      await addBatches(fresh, [b(1, 'ALPHA', noon - 1440 * MIN - SLOT, 2), b(2, 'ALPHA', noon - 1440 * MIN, 5)]);
      await addBatches(fresh, [b(1, 'ALPHA', noon - 1440 * MIN + SLOT, 3)]);
      await addBatches(fresh, [b(1, 'ALPHA', noon, 4)]);
      // At 12:00 bob's batch of 12:00 yesterday is still inside; at 12:05 it is not.
      const board = async (now: number) =>
        (
          await individualLeaderboard(fresh, periodWindow({ period: '24hour' }, new Date(now), TEST_TZ), {
            tz: TEST_TZ,
            now: new Date(now),
          })
        ).map((r) => [r.Username, r.Races, r.Points]);
      expect(await board(noon)).toEqual([
        ['alice', 7, 7 * 173.25],
        ['bob', 5, 5 * 173.25],
      ]);
      expect(await board(noon + 5 * MIN)).toEqual([['alice', 7, 7 * 173.25]]);
    } finally {
      await fresh.close();
    }
  });

  it('gives hand-computed numbers for the last 7 days', async () => {
    const fresh = await freshDatabase(kind);
    try {
      await addTeam(fresh, 'ALPHA');
      await addTeam(fresh, 'BRAVO');
      await addRacer(fresh, { userId: 1, username: 'alice', tag: 'ALPHA' });
      await addRacer(fresh, { userId: 2, username: 'bob', tag: 'ALPHA' });
      await addRacer(fresh, { userId: 3, username: 'cy', tag: 'BRAVO' });
      // Tuesday noon in Chicago (CST); the 7 days start at noon the Tuesday before.
      const noon = Date.parse('2026-03-03T18:00:00Z');
      const weekAgo = noon - 7 * 1440 * MIN;
      // alice: 2 races in the slot before the start (outside), 3 one slot after it, 1 at 23:50 on
      // Friday (the day's last slot), 4 now; bob: 5 exactly at the start; cy: 6 on Sunday afternoon.
      await addBatches(fresh, [b(1, 'ALPHA', weekAgo - SLOT, 2), b(2, 'ALPHA', weekAgo, 5)]);
      await addBatches(fresh, [b(1, 'ALPHA', weekAgo + SLOT, 3)]);
      await addBatches(fresh, [b(1, 'ALPHA', Date.parse('2026-02-28T05:50:00Z'), 1)]);
      await addBatches(fresh, [b(3, 'BRAVO', Date.parse('2026-03-01T20:30:00Z'), 6)]);
      await addBatches(fresh, [b(1, 'ALPHA', noon, 4)]);
      const opts = (now: number) => ({ tz: TEST_TZ, now: new Date(now) });
      const w = (now: number) => periodWindow({ period: '7day' }, new Date(now), TEST_TZ);
      const racers = async (now: number) =>
        (await individualLeaderboard(fresh, w(now), opts(now))).map((r) => [r.Username, r.Races, r.Points]);
      const teams = async (now: number) =>
        (await teamLeaderboard(fresh, w(now), { ...opts(now), showBots: false })).map((r) => [
          r.TeamTag,
          r.Races,
          r.Points,
        ]);
      // At 12:00 bob's batch of 12:00 a week ago is still inside; at 12:05 it is not.
      expect(await racers(noon)).toEqual([
        ['alice', 8, 8 * 173.25],
        ['cy', 6, 6 * 173.25],
        ['bob', 5, 5 * 173.25],
      ]);
      expect(await teams(noon)).toEqual([
        ['ALPHA', 13, 13 * 173.25],
        ['BRAVO', 6, 6 * 173.25],
      ]);
      expect(await racers(noon + 5 * MIN)).toEqual([
        ['alice', 8, 8 * 173.25],
        ['cy', 6, 6 * 173.25],
      ]);
      expect(await teams(noon + 5 * MIN)).toEqual([
        ['ALPHA', 8, 8 * 173.25],
        ['BRAVO', 6, 6 * 173.25],
      ]);
      // At 12:20 alice's batch of 12:10 a week ago has left too.
      expect(await racers(noon + 2 * SLOT)).toEqual([
        ['cy', 6, 6 * 173.25],
        ['alice', 5, 5 * 173.25],
      ]);
      expect(await teams(noon + 2 * SLOT)).toEqual([
        ['BRAVO', 6, 6 * 173.25],
        ['ALPHA', 5, 5 * 173.25],
      ]);
    } finally {
      await fresh.close();
    }
  });
});
