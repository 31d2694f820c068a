/**
 * The trailing 24-hour and 7-day sums (migrations 070 and 100, server/db/trailing-sums.ts) stay
 * equal to the batches with end_time in (anchor − span, anchor] through in-order polls, a second
 * batch for a slot, late batches inside and before the windows, jumps of more than a day and more
 * than a week, and team changes, as does their packed copy (migration 080); and the 24-hour and
 * 7-day boards read from them equal the naive ones, also right after the anchor moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBatches, addRacer, addTeam, dbKinds, freshDatabase, TEST_TZ } from './helpers.js';
import type { Database } from '../../server/db/database.js';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { individualLeaderboard, rawPlan, teamLeaderboard } from '../../server/db/leaderboards/leaderboard-repo.js';

const b = (userId: number, tag: string, endTime: string, races: number) => ({
  userId,
  tag,
  endTime: new Date(endTime),
  races,
  typed: 500 * races,
  errs: 5 * races,
  secs: 40 * races,
});

interface Row {
  user_id: number;
  tag: string;
  races: number;
  typed: number;
}

async function anchor(db: Database): Promise<string | null> {
  const { rows } = await db.query<{ anchor: Date | null }>('SELECT anchor FROM trailing_anchor');
  return rows[0].anchor ? new Date(rows[0].anchor).toISOString() : null;
}

/** A span's packed text (migrations 080 and 100). */
async function packed(db: Database, hours: number): Promise<string | null> {
  const { rows } = await db.query<{ sums: string | null }>('SELECT sums FROM trailing_sums WHERE hours = $1', [hours]);
  return rows[0].sums;
}

/** A span's board lines (migration 110). */
async function boardLines(db: Database, hours: number): Promise<string | null> {
  const { rows } = await db.query<{ board: string | null }>('SELECT board FROM trailing_sums WHERE hours = $1', [
    hours,
  ]);
  return rows[0].board;
}

/** The lines of a span's packed copy, sorted. */
async function packedLines(db: Database, hours = 24): Promise<string[]> {
  return ((await packed(db, hours)) ?? '').split('\n').filter(Boolean).sort();
}

/** A span's rows, after checking that its packed copy holds exactly the same sums. */
async function table(db: Database, hours = 24): Promise<Row[]> {
  const lines = await db.query<{ line: string }>(
    `SELECT concat_ws(',', races, typed, errs, secs, points, user_id) AS line FROM trailing_totals WHERE hours = $1`,
    [hours],
  );
  expect(await packedLines(db, hours)).toEqual(lines.rows.map((r) => r.line).sort());
  const { rows } = await db.query<Row>(
    'SELECT user_id, tag, races, typed FROM trailing_totals WHERE hours = $1 AND races <> 0 ORDER BY user_id, tag',
    [hours],
  );
  return rows.map((r) => ({ user_id: Number(r.user_id), tag: r.tag, races: Number(r.races), typed: Number(r.typed) }));
}

/** The same sums summed from the batches of the window. */
async function expected(db: Database, hours = 24): Promise<Row[]> {
  const { rows } = await db.query<Row>(
    `SELECT user_id, tag, sum(races) AS races, sum(typed) AS typed FROM batches
      WHERE end_time > (SELECT anchor FROM trailing_anchor) - make_interval(hours => $1) AND end_time <= (SELECT anchor FROM trailing_anchor)
      GROUP BY user_id, tag ORDER BY user_id, tag`,
    [hours],
  );
  return rows.map((r) => ({ user_id: Number(r.user_id), tag: r.tag, races: Number(r.races), typed: Number(r.typed) }));
}

describe.each(dbKinds)('trailing 24-hour and 7-day sums on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase(kind);
    await addTeam(db, 'ALPHA');
    await addTeam(db, 'BRAVO');
    await addRacer(db, { userId: 1, username: 'alice', tag: 'ALPHA' });
    await addRacer(db, { userId: 2, username: 'bob', tag: 'BRAVO' });
  });
  afterAll(() => db.close());

  it('start with the first batch and follow polls in order', async () => {
    expect(await anchor(db)).toBeNull();
    await addBatches(db, [b(1, 'ALPHA', '2026-03-09T12:00:00Z', 2), b(2, 'BRAVO', '2026-03-09T12:00:00Z', 1)]);
    expect(await anchor(db)).toBe('2026-03-09T12:00:00.000Z');
    await addBatches(db, [b(1, 'ALPHA', '2026-03-09T12:10:00Z', 3)]);
    await addBatches(db, [b(2, 'BRAVO', '2026-03-10T11:50:00Z', 4)]);
    // Anchor 11:50 on Mar 10: the window starts after 11:50 on Mar 9, so every batch so far counts.
    expect(await table(db)).toEqual([
      { user_id: 1, tag: 'ALPHA', races: 5, typed: 2500 },
      { user_id: 2, tag: 'BRAVO', races: 5, typed: 2500 },
    ]);
    // 12:00 on Mar 10: the 12:00 batches of Mar 9 leave the window.
    await addBatches(db, [b(1, 'ALPHA', '2026-03-10T12:00:00Z', 1)]);
    expect(await table(db)).toEqual([
      { user_id: 1, tag: 'ALPHA', races: 4, typed: 2000 },
      { user_id: 2, tag: 'BRAVO', races: 4, typed: 2000 },
    ]);
    // Packed as races,typed,errs,secs,points,user_id: 4 races of 500 characters, 5 errors and 40 s each;
    // points of one such race: (100 + 150 / 2) × 0.99 = 173.25.
    expect(await packedLines(db)).toEqual(['4,2000,20,160,693,1', '4,2000,20,160,693,2']);
    expect(await table(db)).toEqual(await expected(db));
    // The 7 days from Mar 3 12:00 hold every batch: alice 2 + 3 + 1 races, bob 1 + 4.
    expect(await table(db, 168)).toEqual([
      { user_id: 1, tag: 'ALPHA', races: 6, typed: 3000 },
      { user_id: 2, tag: 'BRAVO', races: 5, typed: 2500 },
    ]);
    expect(await packed(db, 168)).toBe('6,3000,30,240,1039.5,1\n5,2500,25,200,866.25,2');
    // The board's own lines (migration 110): accuracy 1 − errs / typed, WPM (typed / 5) / (secs / 60).
    expect(await boardLines(db, 168)).toBe(
      `1,"Races":6,"Accuracy":${1 - 30 / 3000},"WPM":${3000 / 5 / (240 / 60)},"Points":1039.5}\n` +
        `2,"Races":5,"Accuracy":${1 - 25 / 2500},"WPM":${2500 / 5 / (200 / 60)},"Points":866.25}`,
    );
  });

  it('add a second batch for a slot, late batches inside the window, and ignore those before it', async () => {
    await addBatches(db, [b(1, 'ALPHA', '2026-03-10T12:00:00Z', 2)]);
    await addBatches(db, [b(2, 'BRAVO', '2026-03-10T03:00:00Z', 3), b(2, 'BRAVO', '2026-03-01T03:00:00Z', 9)]);
    // bob moved to ALPHA: a second row for him.
    await addBatches(db, [b(2, 'ALPHA', '2026-03-10T12:00:00Z', 1)]);
    expect(await table(db)).toEqual([
      { user_id: 1, tag: 'ALPHA', races: 6, typed: 3000 },
      { user_id: 2, tag: 'ALPHA', races: 1, typed: 500 },
      { user_id: 2, tag: 'BRAVO', races: 7, typed: 3500 },
    ]);
    // The packed lines come in board order, points highest first: bob's 7 races, alice's 6, bob's 1.
    // One board line per racer over his teams: bob's 1 + 8 races, then alice's 8.
    expect(await boardLines(db, 168)).toBe(
      `2,"Races":9,"Accuracy":${1 - 45 / 4500},"WPM":${4500 / 5 / (360 / 60)},"Points":1559.25}\n` +
        `1,"Races":8,"Accuracy":${1 - 40 / 4000},"WPM":${4000 / 5 / (320 / 60)},"Points":1386}`,
    );
    const order = async (hours: number) =>
      ((await packed(db, hours)) ?? '').split('\n').map((l) => l.split(',')[0] + '@' + l.split(',')[5]);
    expect(await order(24)).toEqual(['7@2', '6@1', '1@2']);
    expect(await table(db)).toEqual(await expected(db));
    // The week also holds bob's BRAVO races of Mar 9 (1) and 10 (4 + 3), not those of Mar 1.
    expect(await table(db, 168)).toEqual([
      { user_id: 1, tag: 'ALPHA', races: 8, typed: 4000 },
      { user_id: 2, tag: 'ALPHA', races: 1, typed: 500 },
      { user_id: 2, tag: 'BRAVO', races: 8, typed: 4000 },
    ]);
  });

  it('slide across many polls and jump more than a day', async () => {
    for (let i = 1; i <= 30; i++) {
      const t = new Date(Date.parse('2026-03-10T12:00:00Z') + i * 20 * 60_000).toISOString();
      await addBatches(db, [b(1 + (i % 2), i % 3 ? 'ALPHA' : 'BRAVO', t, 1 + (i % 4))]);
      expect(await table(db), t).toEqual(await expected(db));
      expect(await table(db, 168), t).toEqual(await expected(db, 168));
    }
    await addBatches(db, [b(1, 'ALPHA', '2026-03-14T00:00:00Z', 2), b(2, 'BRAVO', '2026-03-13T08:00:00Z', 1)]);
    expect(await anchor(db)).toBe('2026-03-14T00:00:00.000Z');
    expect(await table(db)).toEqual([
      { user_id: 1, tag: 'ALPHA', races: 2, typed: 1000 },
      { user_id: 2, tag: 'BRAVO', races: 1, typed: 500 },
    ]);
    // Less than a week: the 7-day sums slid over the gap.
    expect(await table(db, 168)).toEqual(await expected(db, 168));
    // Racers whose batches all left the window keep no row.
    await addBatches(db, [b(1, 'ALPHA', '2026-03-14T08:10:00Z', 1)]);
    expect(
      (await db.query('SELECT user_id FROM trailing_totals WHERE hours = 24 ORDER BY user_id')).rows.map((r) =>
        Number(r.user_id),
      ),
    ).toEqual([1]);
    expect(await table(db, 168)).toEqual(await expected(db, 168));
  });

  it('give the 24-hour and 7-day boards the naive answer, also just after the anchor moved', async () => {
    const board = async (now: string, hours = 24) => {
      const end = new Date(Date.parse(now) + 1000);
      const w = { start: new Date(Date.parse(now) - hours * 3_600_000), end };
      const ours = await individualLeaderboard(db, w, { tz: TEST_TZ, now: new Date(now) });
      const naive = await individualLeaderboard(db, w, { tz: TEST_TZ, now: new Date(now), pieces: rawPlan(w) });
      // The team board reads the same trailing sums, grouped per team, bots left out unless asked.
      for (const showBots of [false, true]) {
        const teams = await teamLeaderboard(db, w, { tz: TEST_TZ, now: new Date(now), showBots });
        expect(teams).toEqual(
          await teamLeaderboard(db, w, { tz: TEST_TZ, now: new Date(now), showBots, pieces: rawPlan(w) }),
        );
      }
      return { ours, naive };
    };
    // Twice: the first call learns the anchor, the second plans with it.
    for (let i = 0; i < 2; i++) {
      const { ours, naive } = await board('2026-03-14T08:17:00Z');
      expect(ours).toEqual(naive);
      expect(ours.map((r) => [r.Username, r.Races])).toEqual([['alice', 3]]);
    }
    // The week: alice's 2 + 3 + 1 + 2 races of Mar 9-10 left it; bob's BRAVO races of Mar 10 (4 + 3) too.
    const week = await board('2026-03-14T08:17:00Z', 168);
    expect(week.ours).toEqual(week.naive);
    expect(week.ours.length).toBeGreaterThan(0);
    // A poll moves the anchor; the next board still matches (the stale plan is made again).
    await addBatches(db, [b(2, 'BRAVO', '2026-03-14T08:20:00Z', 4)]);
    const { ours, naive } = await board('2026-03-14T08:27:00Z');
    expect(ours).toEqual(naive);
    expect(ours.map((r) => [r.Username, r.Races])).toEqual([
      ['bob', 4],
      ['alice', 3],
    ]);
    // bob flagged: the team board leaves his 4 races out.
    await db.query("INSERT INTO bot_flags (user_id, flagged_by) VALUES (2, 'test')");
    await bumpDataVersion(db);
    await board('2026-03-14T08:27:00Z');
    const teams = await teamLeaderboard(
      db,
      { start: new Date('2026-03-13T08:27:00Z'), end: new Date('2026-03-14T08:27:01Z') },
      { tz: TEST_TZ, now: new Date('2026-03-14T08:27:00Z'), showBots: false },
    );
    expect(teams.map((r) => [r.TeamTag, r.Races])).toEqual([['ALPHA', 3]]);
  });

  it('rebuild both spans after a jump of more than a week, and read the 7-day board from them', async () => {
    await addBatches(db, [b(1, 'ALPHA', '2026-03-23T00:00:00Z', 2)]);
    expect(await anchor(db)).toBe('2026-03-23T00:00:00.000Z');
    expect(await table(db, 24)).toEqual([{ user_id: 1, tag: 'ALPHA', races: 2, typed: 1000 }]);
    expect(await table(db, 168)).toEqual([{ user_id: 1, tag: 'ALPHA', races: 2, typed: 1000 }]);
    await addBatches(db, [b(2, 'BRAVO', '2026-03-20T00:00:00Z', 3)]);
    expect(await table(db, 24)).toEqual([{ user_id: 1, tag: 'ALPHA', races: 2, typed: 1000 }]);
    expect(await table(db, 168)).toEqual([
      { user_id: 1, tag: 'ALPHA', races: 2, typed: 1000 },
      { user_id: 2, tag: 'BRAVO', races: 3, typed: 1500 },
    ]);
    const now = new Date('2026-03-23T00:07:00Z');
    const w = { start: new Date(now.getTime() - 168 * 3_600_000), end: new Date(now.getTime() + 1000) };
    for (let i = 0; i < 2; i++) {
      const rows = await individualLeaderboard(db, w, { tz: TEST_TZ, now });
      expect(rows.map((r) => [r.Username, r.Races, r.Points])).toEqual([
        ['bob', 3, 519.75],
        ['alice', 2, 346.5],
      ]);
    }
  });

  it('are filled for 7 days from the batches already written when migration 100 runs', async () => {
    const before = await packed(db, 168);
    await db.exec('DELETE FROM trailing_totals WHERE hours = 168; DELETE FROM trailing_sums WHERE hours = 168');
    const migration = (await import('node:fs')).readFileSync(
      new URL('../../server/db/migrations/100_trailing_week.sql', import.meta.url),
      'utf8',
    );
    await db.exec(
      migration.slice(migration.indexOf('-- The 7-day sums of the batches written before this migration.')),
    );
    expect(await table(db, 168)).toEqual([
      { user_id: 1, tag: 'ALPHA', races: 2, typed: 1000 },
      { user_id: 2, tag: 'BRAVO', races: 3, typed: 1500 },
    ]);
    expect(await packed(db, 168)).toBe(before);
  });
});
