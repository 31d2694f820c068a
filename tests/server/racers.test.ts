import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RacerBatchColumnsResponse, RacerBatchesResponse, RacerInfo } from '../../contract/racers.js';
import type { Database } from '../../server/db/database.js';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';

const at = (iso: string) => new Date(iso);
const unix = (iso: string) => Date.parse(iso) / 1000;

async function addSnapshot(
  db: Database,
  tag: string,
  userId: number,
  s: { played: number; racesPlayed: number; avg: number; top: number },
) {
  await db.query(
    `INSERT INTO member_snapshots (tag, user_id, taken_at, played, races_played, typed, errs, secs, avg_speed, highest_speed)
     VALUES ($1, $2, '2026-03-10T17:50:00Z', $3, $4, 0, 0, 0, $5, $6)`,
    [tag, userId, s.played, s.racesPlayed, s.avg, s.top],
  );
}

async function addPastMembership(db: Database, tag: string, userId: number, lastSeen: string) {
  await db.query(
    `INSERT INTO memberships (tag, user_id, join_stamp, role, first_seen, last_seen, left_at)
     VALUES ($1, $2, '2025-06-01T00:00:00Z', 'member', '2025-06-01T00:00:00Z', $3, $3)`,
    [tag, userId, lastSeen],
  );
}

describe.each(dbKinds)('racer routes on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'TEST');
    await addTeam(t.db, 'OTHER');
    // alice: current member of TEST (an officer), formerly of OTHER.
    await addRacer(t.db, {
      userId: 101,
      username: 'alice',
      displayName: 'Alice A',
      tag: 'TEST',
      joined: at('2026-01-05T15:30:00Z'),
    });
    await t.db.query("UPDATE memberships SET role = 'officer' WHERE user_id = 101");
    await addPastMembership(t.db, 'OTHER', 101, '2026-02-01T00:00:00Z');
    await addSnapshot(t.db, 'TEST', 101, { played: 1200, racesPlayed: 5400, avg: 87.5, top: 112.3 });
    await addSnapshot(t.db, 'OTHER', 101, { played: 7, racesPlayed: 4000, avg: 70, top: 90 });
    // dave left two teams: the most recently seen one counts.
    await addRacer(t.db, { userId: 104, username: 'dave', displayName: 'Dave' });
    await addPastMembership(t.db, 'TEST', 104, '2026-02-20T00:00:00Z');
    await addPastMembership(t.db, 'OTHER', 104, '2026-03-01T00:00:00Z');
    await addSnapshot(t.db, 'OTHER', 104, { played: 50, racesPlayed: 900, avg: 60.25, top: 75 });
    // bob: known racer with no team, no counters and no batches.
    await addRacer(t.db, { userId: 102, username: 'bob' });
    await addRacer(t.db, { userId: 103, username: 'Carol' });
    await addRacer(t.db, { userId: 105, username: '_under' });

    await addBatches(t.db, [
      // 01:50 CST, the last batch before the spring-forward gap (2026-03-08 02:00 CST → 03:00 CDT).
      {
        userId: 101,
        tag: 'TEST',
        endTime: at('2026-03-08T07:50:00Z'),
        races: 3,
        lifetimeRaces: 4,
        typed: 1250,
        errs: 25,
        secs: 180,
        displayName: 'Alice A',
      },
      // 03:00 CDT, ten minutes later; two teams in one slot are ordered by tag.
      {
        userId: 101,
        tag: 'TEST',
        endTime: at('2026-03-08T08:00:00Z'),
        races: 2,
        lifetimeRaces: 2,
        typed: 1000,
        errs: 10,
        secs: 150,
        displayName: 'Alice A',
      },
      {
        userId: 101,
        tag: 'OTHER',
        endTime: at('2026-03-08T08:00:00Z'),
        races: 1,
        lifetimeRaces: 1,
        typed: 400,
        errs: 0,
        secs: 48,
        displayName: 'Alice A',
      },
      {
        userId: 101,
        tag: 'TEST',
        endTime: at('2026-03-09T14:20:00Z'),
        races: 5,
        lifetimeRaces: 6,
        typed: 2400,
        errs: 60,
        secs: 288,
        displayName: null,
      },
      // Fall back (2026-11-01 02:00 CDT → 01:00 CST): two different instants both read 01:10.
      {
        userId: 101,
        tag: 'TEST',
        endTime: at('2026-11-01T06:10:00Z'),
        races: 1,
        lifetimeRaces: 1,
        typed: 500,
        errs: 5,
        secs: 75,
        displayName: 'Ali',
      },
      {
        userId: 101,
        tag: 'TEST',
        endTime: at('2026-11-01T07:10:00Z'),
        races: 1,
        lifetimeRaces: 1,
        typed: 500,
        errs: 0,
        secs: 60,
        displayName: 'Ali',
      },
      // Another racer's batch never leaks into alice's history.
      { userId: 104, tag: 'OTHER', endTime: at('2026-03-08T08:00:00Z'), races: 9, typed: 900, errs: 9, secs: 90 },
    ]);
  });
  afterAll(() => t.close());

  it('lists every username, case-insensitively sorted', async () => {
    const res = await t.app.inject('/api/all-usernames');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ usernames: ['_under', 'alice', 'bob', 'Carol', 'dave'] });
  });

  it('returns the info of a current member from their current team', async () => {
    const res = await t.app.inject('/api/racer-info?username=alice');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: 'alice',
      displayName: 'Alice A',
      userID: 101,
      teamTag: 'TEST',
      role: 'officer',
      racesPlayed: 5400,
      played: 1200,
      avgSpeed: 87.5,
      highestSpeed: 112.3,
      joinStamp: '2026-01-05T15:30:00.000Z',
      bot: 0,
      gameStatus: null,
    });
  });

  it('falls back to the most recently seen past team', async () => {
    const res = await t.app.inject('/api/racer-info?username=dave');
    expect(res.json()).toEqual({
      username: 'dave',
      displayName: 'Dave',
      userID: 104,
      teamTag: 'OTHER',
      role: 'member',
      racesPlayed: 900,
      played: 50,
      avgSpeed: 60.25,
      highestSpeed: 75,
      joinStamp: '2025-06-01T00:00:00.000Z',
      bot: 0,
      gameStatus: null,
    });
  });

  it('returns nulls for a racer with no team and no counters', async () => {
    const res = await t.app.inject('/api/racer-info?username=%20bob%20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: 'bob',
      displayName: null,
      userID: 102,
      teamTag: null,
      role: null,
      racesPlayed: null,
      played: null,
      avgSpeed: null,
      highestSpeed: null,
      joinStamp: null,
      bot: 0,
      gameStatus: null,
    });
  });

  it('tells whether the racer is flagged as a bot, also without a team, and follows an unflag', async () => {
    await addUser(t.db, { username: 'root', password: 'root-password', role: 'admin' });
    const admin = await login(t.app, 'root', 'root-password');
    const flag = (username: string, bot: boolean) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/bot-flags/${username}`, headers: json(admin), payload: { bot } });
    const botOf = async (username: string) => {
      const res = await t.app.inject(`/api/racer-info?username=${username}`);
      expect(RacerInfo.safeParse(res.json()).success).toBe(true);
      return res.json().bot;
    };
    expect((await flag('alice', true)).statusCode).toBe(200);
    expect((await flag('bob', true)).statusCode).toBe(200);
    expect([await botOf('alice'), await botOf('bob'), await botOf('dave')]).toEqual([1, 1, 0]);
    // The rest of the banner is unchanged by the flag.
    expect((await t.app.inject('/api/racer-info?username=alice')).json()).toMatchObject({
      userID: 101,
      teamTag: 'TEST',
      played: 1200,
    });
    expect((await flag('alice', false)).statusCode).toBe(200);
    expect((await flag('bob', false)).statusCode).toBe(200);
    expect([await botOf('alice'), await botOf('bob')]).toEqual([0, 0]);
  });

  it('returns the whole history oldest first as batch records in CT', async () => {
    const res = await t.app.inject('/api/racer-batches?username=alice');
    expect(res.statusCode).toBe(200);
    expect(RacerBatchesResponse.safeParse(res.json()).success).toBe(true);
    const { batches } = res.json();
    expect(
      batches.map((b: Record<string, unknown>) => [
        b.batchEndTime,
        b.teamTag,
        b.CurrentDisplayName,
        b.sum,
        b.racesPlayedBatch,
      ]),
    ).toEqual([
      ['2026-03-08 01:50:00', 'TEST', 'Alice A', 3, 4],
      ['2026-03-08 03:00:00', 'OTHER', 'Alice A', 1, 1],
      ['2026-03-08 03:00:00', 'TEST', 'Alice A', 2, 2],
      ['2026-03-09 09:20:00', 'TEST', null, 5, 6],
      ['2026-11-01 01:10:00', 'TEST', 'Ali', 1, 1],
      ['2026-11-01 01:10:00', 'TEST', 'Ali', 1, 1],
    ]);
    // WPM = (typed / 5) / (secs / 60); Accuracy = 1 − errs / typed.
    const expected = [
      [250 / 3, 0.98], // 250 words in 3 minutes; 25 errors in 1250
      [100, 1], // 80 words in 0.8 minutes
      [80, 0.99], // 200 words in 2.5 minutes; 10 in 1000
      [100, 0.975], // 480 words in 4.8 minutes; 60 in 2400
      [80, 0.99], // 100 words in 1.25 minutes; 5 in 500
      [100, 1],
    ];
    batches.forEach((b: { WPM: number; Accuracy: number }, i: number) => {
      expect(b.WPM).toBeCloseTo(expected[i][0], 10);
      expect(b.Accuracy).toBeCloseTo(expected[i][1], 12);
    });
  });

  it('returns the same history as columns with exact instants', async () => {
    const res = await t.app.inject('/api/racer-batches?username=alice&format=columns');
    expect(res.statusCode).toBe(200);
    expect(RacerBatchColumnsResponse.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toEqual({
      columns: {
        endTime: [
          unix('2026-03-08T07:50:00Z'),
          unix('2026-03-08T08:00:00Z'),
          unix('2026-03-08T08:00:00Z'),
          unix('2026-03-09T14:20:00Z'),
          unix('2026-11-01T06:10:00Z'),
          unix('2026-11-01T07:10:00Z'),
        ],
        name: [0, 0, 0, -1, 1, 1],
        displayNames: ['Alice A', 'Ali'],
        tag: [0, 1, 0, 0, 0, 0],
        teamTags: ['TEST', 'OTHER'],
        races: [3, 1, 2, 5, 1, 1],
        lifetimeRaces: [4, 1, 2, 6, 1, 1],
        typed: [1250, 400, 1000, 2400, 500, 500],
        errs: [25, 0, 10, 60, 5, 0],
        secs: [180, 48, 150, 288, 75, 60],
      },
    });
  });

  it('returns an empty history for a racer without batches', async () => {
    expect((await t.app.inject('/api/racer-batches?username=bob')).json()).toEqual({ batches: [] });
    const cols = (await t.app.inject('/api/racer-batches?username=bob&format=columns')).json().columns;
    expect(cols.endTime).toEqual([]);
    expect(cols.teamTags).toEqual([]);
  });

  it('answers an unknown username with 404 and a JSON error', async () => {
    for (const path of ['/api/racer-info?username=nobody', '/api/racer-batches?username=nobody']) {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Racer nobody not found' });
    }
    // Usernames match exactly: a different case is another name.
    expect((await t.app.inject('/api/racer-info?username=ALICE')).statusCode).toBe(404);
  });

  it('answers a missing, empty or oversized username and a bad format with 400', async () => {
    for (const path of [
      '/api/racer-info',
      '/api/racer-info?username=',
      '/api/racer-info?username=%20%20',
      `/api/racer-batches?username=${'x'.repeat(101)}`,
      '/api/racer-batches?username=alice&format=csv',
    ]) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('answers a repeat with 304 until new batches arrive', async () => {
    const first = await t.app.inject('/api/racer-batches?username=dave&format=columns');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.json().columns.races).toEqual([9]);
    const again = await t.app.inject({
      url: '/api/racer-batches?username=dave&format=columns',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    await addBatches(t.db, [
      { userId: 104, tag: 'OTHER', endTime: at('2026-03-08T08:10:00Z'), races: 2, typed: 200, errs: 2, secs: 20 },
    ]);
    t.db.dataChanges.notify(await t.db.transaction((tx) => bumpDataVersion(tx)));
    const fresh = await t.app.inject({
      url: '/api/racer-batches?username=dave&format=columns',
      headers: { 'if-none-match': etag },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(etag);
    expect(fresh.json().columns.races).toEqual([9, 2]);
  });
});
