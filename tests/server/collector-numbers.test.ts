/**
 * Races never counted twice or lost (issue 16), through writePoll on both databases: a counter
 * that dips for one poll and recovers, a member listed twice, an absurd counter next to sane
 * ones, a member who joined between polls, a rejoin. Every expected number is worked out by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePoll } from '../../server/collector/write-poll.js';
import type { Database } from '../../server/db/database.js';
import { storedBatches, teamBody, type MemberSpec } from './collector-helpers.js';
import { dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

const J = 1_767_225_600; // 2026-01-01T00:00:00Z
const unix = (iso: string) => Date.parse(iso) / 1000;

const dana: MemberSpec = {
  userID: 11,
  username: 'dana',
  displayName: 'Dana',
  played: 201,
  racesPlayed: 1_000,
  typed: 60_300,
  errs: 603,
  secs: 12_060,
  joinStamp: J,
  role: 'captain',
};
const eli: MemberSpec = {
  userID: 12,
  username: 'eli',
  displayName: 'Eli',
  played: 50,
  racesPlayed: 700,
  typed: 15_000,
  errs: 150,
  secs: 3_000,
  joinStamp: J,
};
const fay: MemberSpec = {
  userID: 13,
  username: 'fay',
  displayName: 'Fay',
  played: 80,
  racesPlayed: 400,
  typed: 24_000,
  errs: 240,
  secs: 4_800,
  joinStamp: J,
};

describe.each(dbKinds)('collector numbers on %s', (kind) => {
  let db: Database;
  const poll = (iso: string, members: MemberSpec[]) =>
    writePoll(db, { tag: 'NUM', at: new Date(iso), httpStatus: 200, body: teamBody('NUM', members) }, TEST_TZ);
  const batches = (userId: number) => storedBatches(db, [userId]);
  const snapshot = async (userId: number) =>
    (
      await db.query<{ played: number; taken_at: Date }>(
        'SELECT played, taken_at FROM member_snapshots WHERE user_id = $1',
        [userId],
      )
    ).rows[0];
  const totalRaces = async (userId: number) =>
    (
      await db.query<{ n: number }>('SELECT COALESCE(sum(races), 0)::int AS n FROM batches WHERE user_id = $1', [
        userId,
      ])
    ).rows[0].n;

  beforeAll(async () => {
    db = await freshDatabase(kind);
    await db.query("INSERT INTO teams (tag, tracked) VALUES ('NUM', false)");
    expect(await poll('2026-03-10T18:00:20Z', [dana, eli, fay])).toMatchObject({
      ok: true,
      firstSightings: 3,
      batches: 0,
    });
  });
  afterAll(() => db.close());

  it('counts 4 races over a dip that recovers (201 → 150 → 205) and keeps the baseline through the dip', async () => {
    const dip = await poll('2026-03-10T18:10:20Z', [
      { ...dana, played: 150, typed: 45_000, errs: 450, secs: 9_000 },
      eli,
      fay,
    ]);
    expect(dip).toMatchObject({ ok: true, batches: 0, resets: 0, skipped: 1 });
    expect(dip.ok && !dip.stale && dip.anomalies).toEqual([
      { userId: 11, kind: 'bad-reading', detail: 'played 201 → 150' },
    ]);
    expect(await snapshot(11)).toMatchObject({ played: 201, taken_at: new Date('2026-03-10T18:00:20Z') });

    // +4 races, 1200 chars, 12 errors, 240 s: (1200/5)/(240/60) = 60 WPM, 1 − 12/1200 = 0.99, 4 × 130 × 0.99 = 514.8 points.
    const back = await poll('2026-03-10T18:20:20Z', [
      { ...dana, played: 205, racesPlayed: 1_004, typed: 61_500, errs: 615, secs: 12_300 },
      eli,
      fay,
    ]);
    expect(back).toMatchObject({ ok: true, batches: 1, skipped: 0 });
    expect(await batches(11)).toEqual([
      {
        user_id: 11,
        end_time: '2026-03-10T18:20:00.000Z',
        races: 4,
        lifetime_races: 4,
        typed: 1_200,
        errs: 12,
        secs: 240,
        points: expect.closeTo(514.8, 9),
      },
    ]);
    expect(await totalRaces(11)).toBe(4);
  });

  it('counts a member listed twice once, from the most advanced copy, whatever the order', async () => {
    const old = { ...eli };
    // Current copy first, then the old one: +3 races (900 chars, 9 errors, 180 s).
    const a = await poll('2026-03-10T18:30:20Z', [
      dana205(),
      { ...eli, played: 53, racesPlayed: 703, typed: 15_900, errs: 159, secs: 3_180 },
      old,
      fay,
    ]);
    expect(a).toMatchObject({ ok: true, batches: 1, members: 3 });
    expect(a.ok && !a.stale && a.anomalies).toEqual([
      { userId: 12, kind: 'duplicate', detail: 'listed 2 times; the most advanced copy used' },
    ]);
    // Old copy first this time: still the current one, +2 races.
    const b = await poll('2026-03-10T18:40:20Z', [
      dana205(),
      old,
      { ...eli, played: 55, racesPlayed: 705, typed: 16_500, errs: 165, secs: 3_300 },
      fay,
    ]);
    expect(b).toMatchObject({ ok: true, batches: 1 });
    expect((await batches(12)).map((r) => [r.end_time, r.races, r.typed])).toEqual([
      ['2026-03-10T18:30:00.000Z', 3, 900],
      ['2026-03-10T18:40:00.000Z', 2, 600],
    ]);
    expect(await totalRaces(12)).toBe(5);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM memberships WHERE user_id = 12');
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('skips a member with typed 1e19 and one whose races jump by 3e9, and writes the rest of the team', async () => {
    const r = await poll('2026-03-10T18:50:20Z', [
      { ...dana205(), played: 207, racesPlayed: 1_006, typed: 62_100, errs: 621, secs: 12_420 },
      { ...eli55(), played: 3_000_000_055 },
      { ...fay, typed: 1e19 },
    ]);
    expect(r).toMatchObject({ ok: true, batches: 1, skipped: 2, left: 0 });
    expect(r.ok && !r.stale && r.anomalies.map((x) => [x.userId, x.kind])).toEqual([
      [13, 'absurd'],
      [12, 'absurd'],
    ]);
    expect((await batches(11)).at(-1)).toMatchObject({ end_time: '2026-03-10T18:50:00.000Z', races: 2, typed: 600 });
    expect(await snapshot(12)).toMatchObject({ played: 55 });
    expect(await snapshot(13)).toMatchObject({ played: 80 });
    const open = await db.query('SELECT user_id FROM memberships WHERE left_at IS NULL ORDER BY user_id');
    expect(open.rows.map((x) => Number((x as { user_id: number }).user_id))).toEqual([11, 12, 13]);

    // Sane again: eli +1 since 18:40:20, fay +1 since 18:00:20, counted once each.
    const next = await poll('2026-03-10T19:00:20Z', [
      { ...dana205(), played: 207, racesPlayed: 1_006, typed: 62_100, errs: 621, secs: 12_420 },
      { ...eli55(), played: 56, racesPlayed: 706, typed: 16_800, errs: 168, secs: 3_360 },
      { ...fay, played: 81, racesPlayed: 401, typed: 24_300, errs: 243, secs: 4_860 },
    ]);
    expect(next).toMatchObject({ ok: true, batches: 2, skipped: 0 });
    expect(await totalRaces(12)).toBe(6);
    expect(await totalRaces(13)).toBe(1);
  });

  it('counts the races of a member who joined between two polls, and none of one who joined before', async () => {
    const gus: MemberSpec = {
      userID: 14,
      username: 'gus',
      displayName: 'Gus',
      played: 4,
      racesPlayed: 3_000,
      typed: 1_000,
      errs: 10,
      secs: 200,
      joinStamp: unix('2026-03-10T19:05:00Z'),
    };
    const hal: MemberSpec = {
      userID: 15,
      username: 'hal',
      displayName: 'Hal',
      played: 30,
      racesPlayed: 900,
      typed: 9_000,
      errs: 90,
      secs: 1_800,
      joinStamp: unix('2026-03-09T12:00:00Z'),
    };
    const r = await poll('2026-03-10T19:10:20Z', [dana207(), eli56(), fay81(), gus, hal]);
    expect(r).toMatchObject({ ok: true, batches: 1, joined: 2, firstSightings: 2 });
    // gus: 4 races since joining at 19:05 (after the 19:00:20 poll): 1000 chars, 10 errors, 200 s →
    // (1000/5)/(200/60) = 60 WPM, 0.99, 4 × 130 × 0.99 = 514.8 points, in the 19:10 slot.
    expect(await batches(14)).toEqual([
      {
        user_id: 14,
        end_time: '2026-03-10T19:10:00.000Z',
        races: 4,
        lifetime_races: 4,
        typed: 1_000,
        errs: 10,
        secs: 200,
        points: expect.closeTo(514.8, 9),
      },
    ]);
    expect(await batches(15)).toEqual([]);
    expect(await snapshot(15)).toMatchObject({ played: 30 });
  });

  it('counts a rejoin from zero: the old membership closes, the races since the new join go into this poll’s batch', async () => {
    // dana left and was let back in at 19:15: 3 team races since (900 chars, 9 errors, 180 s), 5 lifetime races since 19:10:20.
    const r = await poll('2026-03-10T19:20:20Z', [
      {
        ...dana,
        played: 3,
        racesPlayed: 1_011,
        typed: 900,
        errs: 9,
        secs: 180,
        joinStamp: unix('2026-03-10T19:15:00Z'),
      },
      eli56(),
      fay81(),
    ]);
    expect(r).toMatchObject({ ok: true, batches: 1, resets: 1, joined: 1 });
    // 60 WPM, 0.99: 3 × 130 × 0.99 = 386.1 points.
    expect((await batches(11)).at(-1)).toEqual({
      user_id: 11,
      end_time: '2026-03-10T19:20:00.000Z',
      races: 3,
      lifetime_races: 5,
      typed: 900,
      errs: 9,
      secs: 180,
      points: expect.closeTo(386.1, 9),
    });
    expect(await totalRaces(11)).toBe(4 + 2 + 3);
    const m = await db.query<{ join_stamp: Date; left_at: Date | null }>(
      'SELECT join_stamp, left_at FROM memberships WHERE user_id = 11 ORDER BY first_seen',
    );
    expect(
      m.rows.map((x) => [new Date(x.join_stamp).toISOString(), x.left_at && new Date(x.left_at).toISOString()]),
    ).toEqual([
      ['2026-01-01T00:00:00.000Z', '2026-03-10T19:20:20.000Z'],
      ['2026-03-10T19:15:00.000Z', null],
    ]);
    // The same answer again writes nothing.
    expect(
      await poll('2026-03-10T19:20:50Z', [
        {
          ...dana,
          played: 3,
          racesPlayed: 1_011,
          typed: 900,
          errs: 9,
          secs: 180,
          joinStamp: unix('2026-03-10T19:15:00Z'),
        },
        eli56(),
        fay81(),
      ]),
    ).toMatchObject({ ok: true, batches: 0, resets: 0, joined: 0 });
    expect(await totalRaces(11)).toBe(9);
  });
});

function dana205(): MemberSpec {
  return { ...dana, played: 205, racesPlayed: 1_004, typed: 61_500, errs: 615, secs: 12_300 };
}
function dana207(): MemberSpec {
  return { ...dana, played: 207, racesPlayed: 1_006, typed: 62_100, errs: 621, secs: 12_420 };
}
function eli55(): MemberSpec {
  return { ...eli, played: 55, racesPlayed: 705, typed: 16_500, errs: 165, secs: 3_300 };
}
function eli56(): MemberSpec {
  return { ...eli, played: 56, racesPlayed: 706, typed: 16_800, errs: 168, secs: 3_360 };
}
function fay81(): MemberSpec {
  return { ...fay, played: 81, racesPlayed: 401, typed: 24_300, errs: 243, secs: 4_860 };
}
