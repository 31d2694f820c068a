/**
 * The racers' running totals (migration 120): one packed value per site day with daily rollups,
 * each racer's sums over all teams up to that day, kept in step through polls, a late batch for an
 * earlier day, deletes and truncates, and filled by the migration from rollups written before it.
 * An individual board of whole days reads two of them, and equals hand-computed numbers and the
 * naive query.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { individualLeaderboard, rawPlan } from '../../server/db/leaderboards/leaderboard-repo.js';
import { planWindow } from '../../server/db/leaderboards/window-plan.js';
import { dayStart } from '../../rules/site-time.js';
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

/** 18:00 UTC of a day in early March: noon in Chicago, 1 pm from the change to summer time on the 8th. */
const noon = (day: string) => `2026-03-0${day}T18:00:00Z`;

/** Races per racer in each day's running totals. */
async function runningRaces(db: Database): Promise<Record<string, Record<string, number>>> {
  const { rows } = await db.query<{ day: string; sums: string }>(
    'SELECT day::text AS day, sums FROM racer_running_sums ORDER BY day',
  );
  const out: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    out[r.day] = {};
    for (const line of r.sums.split('\n')) {
      const f = line.split(',');
      out[r.day][f[5]] = Number(f[0]);
    }
  }
  return out;
}

/** Each day's running totals summed again from the daily rollups, as the packed lines would read. */
async function runningFromRollups(db: Database): Promise<Record<string, string[]>> {
  const { rows } = await db.query<{ day: string; line: string }>(
    `SELECT d.day::text AS day,
            concat_ws(',', sum(r.races), sum(r.typed), sum(r.errs), sum(r.secs), sum(r.points), r.user_id) AS line
       FROM (SELECT DISTINCT day FROM daily_rollups) AS d
       JOIN daily_rollups AS r ON r.day <= d.day
      GROUP BY d.day, r.user_id`,
  );
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.day] ??= []).push(r.line);
  for (const lines of Object.values(out)) lines.sort();
  return out;
}

async function packedLines(db: Database): Promise<Record<string, string[]>> {
  const { rows } = await db.query<{ day: string; sums: string }>(
    'SELECT day::text AS day, sums FROM racer_running_sums',
  );
  return Object.fromEntries(rows.map((r) => [r.day, r.sums.split('\n').sort()]));
}

describe.each(dbKinds)('running totals on %s', (kind) => {
  let db: Database;
  const now = new Date('2026-03-10T18:00:00Z');
  // Tue Mar 3 to Mon Mar 9 (seven whole days, across the change to summer time on Sunday the 8th).
  const days = (first: string, afterLast: string) => ({
    start: dayStart(first, TEST_TZ),
    end: dayStart(afterLast, TEST_TZ),
  });
  const week = days('2026-03-03', '2026-03-10');
  const board = async () =>
    (await individualLeaderboard(db, week, { tz: TEST_TZ, now })).map((r) => [
      r.Username,
      r.TeamTag,
      r.Races,
      r.Accuracy,
      r.WPM,
      r.Points,
    ]);
  const naive = () => individualLeaderboard(db, week, { tz: TEST_TZ, now, pieces: rawPlan(week) });

  beforeAll(async () => {
    db = await freshDatabase(kind);
    await addTeam(db, 'ALPHA');
    await addTeam(db, 'BRAVO');
    await addRacer(db, { userId: 1, username: 'alice', tag: 'ALPHA' });
    await addRacer(db, { userId: 2, username: 'bob', tag: 'BRAVO' });
    await addRacer(db, { userId: 3, username: 'cy', tag: 'BRAVO' });
  });
  afterAll(() => db.close());

  it('total every racer up to each day, over their teams, poll after poll', async () => {
    await addBatches(db, [b(1, 'ALPHA', noon('2'), 2), b(2, 'BRAVO', noon('2'), 1)]);
    await addBatches(db, [b(1, 'ALPHA', noon('3'), 1), b(3, 'ALPHA', noon('3'), 2)]);
    // cy moved from ALPHA to BRAVO.
    await addBatches(db, [b(2, 'BRAVO', noon('5'), 3), b(3, 'BRAVO', noon('5'), 1)]);
    await addBatches(db, [b(1, 'ALPHA', '2026-03-09T17:00:00Z', 4)]);
    // A second poll of the same day adds to its totals.
    await addBatches(db, [b(1, 'ALPHA', '2026-03-09T17:10:00Z', 1)]);
    expect(await runningRaces(db)).toEqual({
      '2026-03-02': { 1: 2, 2: 1 },
      '2026-03-03': { 1: 3, 2: 1, 3: 2 },
      '2026-03-05': { 1: 3, 2: 4, 3: 3 },
      '2026-03-09': { 1: 8, 2: 4, 3: 3 },
    });
    expect(await packedLines(db)).toEqual(await runningFromRollups(db));
  });

  it('give a board of whole days as the last day minus the day before the first', async () => {
    expect(planWindow(week, TEST_TZ, now, { runningSums: true })).toEqual([
      { source: 'running', sign: 1, day: '2026-03-09' },
      { source: 'running', sign: -1, day: '2026-03-02' },
    ]);
    // alice 8 − 2 = 6 races (6 × 173.25 = 1039.5 points), bob 4 − 1 = 3, cy 3 − 0 = 3 (519.75 each,
    // in name order), on their current teams.
    expect(await board()).toEqual([
      ['alice', 'ALPHA', 6, 0.99, 150, 1039.5],
      ['bob', 'BRAVO', 3, 0.99, 150, 519.75],
      ['cy', 'BRAVO', 3, 0.99, 150, 519.75],
    ]);
    expect(await individualLeaderboard(db, week, { tz: TEST_TZ, now })).toEqual(await naive());
    // A window with no running totals before it (Feb 24 to Mar 2) subtracts nothing.
    const before = days('2026-02-24', '2026-03-03');
    expect((await individualLeaderboard(db, before, { tz: TEST_TZ, now })).map((r) => [r.Username, r.Races])).toEqual([
      ['alice', 2],
      ['bob', 1],
    ]);
  });

  it('total the later days again when a late batch comes for an earlier day', async () => {
    await addBatches(db, [b(2, 'BRAVO', noon('3'), 2), b(3, 'ALPHA', noon('4'), 1)]);
    expect(await runningRaces(db)).toEqual({
      '2026-03-02': { 1: 2, 2: 1 },
      '2026-03-03': { 1: 3, 2: 3, 3: 2 },
      '2026-03-04': { 1: 3, 2: 3, 3: 3 },
      '2026-03-05': { 1: 3, 2: 6, 3: 4 },
      '2026-03-09': { 1: 8, 2: 6, 3: 4 },
    });
    expect(await packedLines(db)).toEqual(await runningFromRollups(db));
    // bob 6 − 1 = 5 races, 5 × 173.25 = 866.25 points; cy 4.
    expect(await board()).toEqual([
      ['alice', 'ALPHA', 6, 0.99, 150, 1039.5],
      ['bob', 'BRAVO', 5, 0.99, 150, 866.25],
      ['cy', 'BRAVO', 4, 0.99, 150, 693],
    ]);
    expect(await individualLeaderboard(db, week, { tz: TEST_TZ, now })).toEqual(await naive());
  });

  it('follow deletes and updates of the daily rollups', async () => {
    await db.query("DELETE FROM daily_rollups WHERE day = '2026-03-04'");
    await db.query("UPDATE daily_rollups SET races = races + 10 WHERE day = '2026-03-03' AND user_id = 1");
    expect(await runningRaces(db)).toEqual({
      '2026-03-02': { 1: 2, 2: 1 },
      '2026-03-03': { 1: 13, 2: 3, 3: 2 },
      '2026-03-05': { 1: 13, 2: 6, 3: 3 },
      '2026-03-09': { 1: 18, 2: 6, 3: 3 },
    });
    expect(await packedLines(db)).toEqual(await runningFromRollups(db));
  });

  it('are filled from existing rollups when the migration runs, and emptied with them', async () => {
    const expected = await packedLines(db);
    await db.exec('DELETE FROM racer_running_sums');
    const migration = readFileSync(new URL('../../server/db/migrations/120_running_sums.sql', import.meta.url), 'utf8');
    await db.exec(migration.slice(migration.indexOf('-- The daily rollups written before this migration.')));
    expect(await packedLines(db)).toEqual(expected);
    await db.exec('TRUNCATE daily_rollups');
    expect((await db.query('SELECT * FROM racer_running_sums')).rows).toEqual([]);
  });
});

describe.runIf(dbKinds.includes('postgres'))('running totals written by two transactions at once on postgres', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    await addTeam(db, 'ALPHA');
    await addRacer(db, { userId: 1, username: 'alice', tag: 'ALPHA' });
    await addBatches(db, [b(1, 'ALPHA', '2026-02-20T18:00:00Z', 1), b(1, 'ALPHA', noon('9'), 1)]);
  });
  afterAll(() => db.close());

  /** A daily rollup row written by hand (batch writers already take turns on the trailing sums' anchor). */
  const rollup = (day: string, races: number): [string, unknown[]] => [
    `INSERT INTO daily_rollups (user_id, tag, day, day_start, races, lifetime_races, typed, errs, secs, points)
     VALUES (1, 'ALPHA', $1::date, $1::date, $2, $2, $2 * 500, $2 * 5, $2 * 40, $2 * 173.25)`,
    [day, races],
  ];

  it('take turns: the later one totals from what the first committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    // The first writes Mar 5 and stays open; the second writes Feb 26 meanwhile (another week and
    // month, so no other rollup row is shared), then the first commits.
    const first = db.transaction(async (tx) => {
      await tx.query(...rollup('2026-03-05', 2));
      wrote();
      await held;
    });
    await written;
    const second = db.transaction((tx) => tx.query(...rollup('2026-02-26', 4)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    expect(await runningRaces(db)).toEqual({
      '2026-02-20': { 1: 1 },
      '2026-02-26': { 1: 5 },
      '2026-03-05': { 1: 7 },
      '2026-03-09': { 1: 8 },
    });
    expect(await packedLines(db)).toEqual(await runningFromRollups(db));
  });
});
