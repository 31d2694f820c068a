/**
 * The boards stay equal to the naive query over raw batches through every kind of write the batch
 * writer gets: polls in order, a day without polls, a second batch for a slot, a late batch for an
 * earlier day, a racer whose first batch comes later, a team move, and a backfill older than every
 * batch so far. Checked after each write for every run of whole days (read as two days' running
 * totals) and for rolling windows, plus hand-computed numbers; and migration 190 builds the same
 * totals from the rollups written before it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { individualLeaderboard, teamLeaderboard } from '../../server/db/leaderboards/leaderboard-repo.js';
import { addDayKeys, dayStart, type Window } from '../../rules/site-time.js';
import { expectBoardsEqualNaive } from './board-oracle.js';
import { addBatches, addRacer, addTeam, dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

/**
 * `races` races of 500 characters, 5 errors and 40 seconds each: WPM (500 / 5) / (40 / 60) = 150,
 * accuracy 1 − 5 / 500 = 0.99, points per race (100 + 150 / 2) × 0.99 = 173.25.
 */
const b = (userId: number, tag: string, endTime: string, races: number) => ({
  userId,
  tag,
  endTime: new Date(endTime),
  races,
  typed: 500 * races,
  errs: 5 * races,
  secs: 40 * races,
});

const DAYS = ['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10'];
const NOW = new Date('2026-03-10T20:00:00Z');

/** Every run of whole days from the first day before the data to the day after it. */
function dayWindows(): Window[] {
  const days = [addDayKeys(DAYS[0], -1), ...DAYS, addDayKeys(DAYS[DAYS.length - 1], 1)];
  const out: Window[] = [];
  for (let i = 0; i < days.length; i++)
    for (let j = i; j < days.length; j++)
      out.push({ start: dayStart(days[i], TEST_TZ), end: dayStart(addDayKeys(days[j], 1), TEST_TZ) });
  return out;
}

/** Rolling windows ending at several times of the last days, with edges on and off the hour. */
function rollingWindows(): Window[] {
  const out: Window[] = [];
  for (const end of ['2026-03-09T05:07:01Z', '2026-03-09T18:00:01Z', '2026-03-10T11:43:01Z', '2026-03-10T20:00:01Z'])
    for (const hours of [1, 24, 168]) {
      const e = new Date(end);
      out.push({ start: new Date(e.getTime() - 1000 - hours * 3_600_000), end: e });
    }
  return out;
}

async function expectNaive(db: Database): Promise<void> {
  for (const w of [...dayWindows(), ...rollingWindows()]) await expectBoardsEqualNaive(db, w, NOW);
}

describe.each(dbKinds)('board windows through the batch writer on %s', (kind) => {
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

  it('agree with the naive query after polls in order, a day without polls and a second batch for a slot', async () => {
    // 18:00 UTC is noon in Chicago before the change to summer time on the 8th, 1 pm after it.
    await addBatches(db, [b(1, 'ALPHA', '2026-03-05T18:00:00Z', 2), b(2, 'BRAVO', '2026-03-05T18:00:00Z', 1)]);
    await addBatches(db, [b(1, 'ALPHA', '2026-03-06T18:00:00Z', 3)]);
    // Nothing on the 7th; the 8th's first batch carries every racer's totals over both days.
    await addBatches(db, [b(2, 'BRAVO', '2026-03-08T18:00:00Z', 4), b(3, 'BRAVO', '2026-03-08T18:00:00Z', 5)]);
    await addBatches(db, [b(2, 'BRAVO', '2026-03-08T18:00:00Z', 1)]);
    await expectNaive(db);
  });

  it('agree after a late batch for an earlier day, a new racer, a team move and an old backfill', async () => {
    await addBatches(db, [b(1, 'ALPHA', '2026-03-10T16:00:00Z', 1)]);
    await addBatches(db, [b(1, 'ALPHA', '2026-03-06T05:50:00Z', 2)]);
    await addRacer(db, { userId: 4, username: 'dee', tag: 'ALPHA' });
    await addBatches(db, [b(4, 'ALPHA', '2026-03-09T04:00:00Z', 6), b(2, 'ALPHA', '2026-03-09T19:10:00Z', 2)]);
    await addBatches(db, [b(3, 'BRAVO', '2026-03-05T06:00:00Z', 1), b(4, 'BRAVO', '2026-03-05T12:00:00Z', 1)]);
    await expectNaive(db);
  });

  it('gives hand-computed numbers for a run of days', async () => {
    // Mar 6 to Mar 9 (Chicago): alice 3 (the late 05:50Z batch of the 6th is the 5th in Chicago);
    // bob 4 + 1 on the 8th and 2 on the 9th (for ALPHA); cy 5; dee 6 (04:00Z on the 9th is the 8th
    // in Chicago; his BRAVO race is on the 5th).
    const w = { start: dayStart('2026-03-06', TEST_TZ), end: dayStart('2026-03-10', TEST_TZ) };
    const rows = await individualLeaderboard(db, w, { tz: TEST_TZ, now: NOW });
    expect(rows.map((r) => [r.Username, r.Races, r.Points, r.WPM, r.Accuracy])).toEqual([
      ['bob', 7, 7 * 173.25, 150, 0.99],
      ['dee', 6, 6 * 173.25, 150, 0.99],
      ['cy', 5, 5 * 173.25, 150, 0.99],
      ['alice', 3, 3 * 173.25, 150, 0.99],
    ]);
    // Teams without the bot: ALPHA alice 3 + dee 6 + bob 2 = 11, BRAVO bob 5.
    const teams = await teamLeaderboard(db, w, { tz: TEST_TZ, now: NOW, showBots: false });
    expect(teams.map((r) => [r.TeamTag, r.Races, r.Points])).toEqual([
      ['ALPHA', 11, 11 * 173.25],
      ['BRAVO', 5, 5 * 173.25],
    ]);
  });

  it('agree again after migration 190 built the running totals from the rollups', async () => {
    const migration = readFileSync(
      new URL('../../server/db/migrations/190_running_totals.sql', import.meta.url),
      'utf8',
    );
    await db.exec(`DROP TABLE running_totals; ${migration}`);
    await expectNaive(db);
    await addBatches(db, [b(2, 'BRAVO', '2026-03-11T18:00:00Z', 1), b(1, 'ALPHA', '2026-03-07T18:00:00Z', 2)]);
    await expectNaive(db);
  });
});
