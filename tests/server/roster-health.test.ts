/**
 * GET /api/roster-health and GET /api/membership-log against a small hand-built team. The clock is
 * Tuesday 2026-03-10 13:00 CDT: this week starts Sunday 03-08 (the DST day: 00:00 CST = 06:00Z),
 * last week is 03-01 to 03-07.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { readDataVersion } from '../../server/db/data-version.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';

const NOW = new Date('2026-03-10T18:00:00Z');
const batch = (userId: number, tag: string, iso: string, races: number, displayName: string | null = null) => ({
  userId,
  tag,
  endTime: new Date(iso),
  races,
  typed: races * 250,
  errs: races * 5,
  secs: races * 40,
  displayName,
});

async function snapshot(db: Database, tag: string, userId: number, racesPlayed: number, avgSpeed: number) {
  await db.query(
    `INSERT INTO member_snapshots (tag, user_id, taken_at, played, races_played, typed, errs, secs, avg_speed, highest_speed)
     VALUES ($1, $2, $3, 0, $4, 0, 0, 0, $5, $5)`,
    [tag, userId, NOW, racesPlayed, avgSpeed],
  );
}

async function seed(db: Database) {
  await addTeam(db, 'TEST', { min_races: 1000, min_speed: 60, weekly_requirement: 20 });
  await addTeam(db, 'OTHER');
  await addRacer(db, {
    userId: 1,
    username: 'alice',
    displayName: 'Alice',
    tag: 'TEST',
    joined: new Date('2026-01-01T00:00:00Z'),
  });
  await addRacer(db, {
    userId: 2,
    username: 'bob',
    displayName: 'Robert',
    tag: 'TEST',
    joined: new Date('2026-02-01T00:00:00Z'),
  });
  await addRacer(db, { userId: 3, username: 'carol', tag: 'TEST', joined: new Date('2026-03-09T12:00:00Z') });
  await addRacer(db, {
    userId: 4,
    username: 'dave',
    displayName: 'Dave',
    tag: 'TEST',
    joined: new Date('2026-01-05T18:00:00Z'),
  });
  await addRacer(db, {
    userId: 5,
    username: 'erin',
    displayName: 'Erin',
    tag: 'TEST',
    joined: new Date('2026-01-10T18:00:00Z'),
  });
  await addRacer(db, { userId: 6, username: 'frank', tag: 'OTHER', joined: new Date('2026-01-01T00:00:00Z') });
  // Dave left and came back; Erin left for good.
  await db.query(`UPDATE memberships SET left_at = '2026-02-10T12:00:00Z' WHERE user_id = 4`);
  await db.query(
    `INSERT INTO memberships (tag, user_id, join_stamp, role, first_seen, last_seen)
     VALUES ('TEST', 4, '2026-02-20T12:00:00Z', 'member', '2026-02-20T12:10:00Z', $1)`,
    [NOW],
  );
  await db.query(`UPDATE memberships SET left_at = '2026-03-09T18:00:00Z' WHERE user_id = 5`);
  await db.query(`UPDATE racers SET game_status = 'warned' WHERE user_id = 2`);
  await snapshot(db, 'TEST', 1, 5000, 80);
  await snapshot(db, 'TEST', 2, 800, 55);
  await snapshot(db, 'TEST', 4, 2000, 70);
  await addBatches(db, [
    // alice: last week 15 + 10; this week 4 (10:00 CDT), then a batch without races; 50 for another team.
    batch(1, 'TEST', '2026-03-02T18:00:00Z', 15),
    batch(1, 'TEST', '2026-03-06T18:00:00Z', 10),
    batch(1, 'TEST', '2026-03-10T15:00:00Z', 4),
    batch(1, 'TEST', '2026-03-10T16:00:00Z', 0),
    batch(1, 'OTHER', '2026-03-10T17:00:00Z', 50),
    // bob: both on Monday 03-02 (the second at 23:30 CST), renamed from Bobby to Robert between them.
    batch(2, 'TEST', '2026-03-02T23:00:00Z', 5, 'Bobby'),
    batch(2, 'TEST', '2026-03-03T05:30:00Z', 3, 'Robert'),
    // dave: Saturday 23:50 CST (last week) and Sunday 00:00 CST (this week).
    batch(4, 'TEST', '2026-03-08T05:50:00Z', 20, 'Dave'),
    batch(4, 'TEST', '2026-03-08T06:00:00Z', 12, 'Dave'),
  ]);
}

describe.each(dbKinds)('roster health on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await seed(t.db);
  });
  afterAll(() => t.close());

  it('checks each current member against the team requirements', async () => {
    const res = await t.app.inject('/api/roster-health?tag=test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      Tag: 'TEST',
      MinRaces: 1000,
      MinSpeed: 60,
      WeeklyRequirement: 20,
      WeekStart: '2026-03-08',
      JudgedWeek: '2026-03-01',
      StrikeWeeks: 4,
      Today: '2026-03-10',
    });
    expect(body.members).toEqual([
      {
        UserID: 1,
        Username: 'alice',
        CurrentDisplayName: 'Alice',
        Joined: '2025-12-31 18:00:00',
        LastRace: '2026-03-10 10:00:00',
        DaysSinceLastRace: 0,
        RacesThisWeek: 4,
        RacesLastWeek: 25,
        LifetimeRaces: 5000,
        AvgWPM: 80,
        MeetsMinRaces: true,
        MeetsMinSpeed: true,
        MeetsWeekly: true,
        OwedLastWeek: 20,
        OwedThisWeek: 20,
        AtRisk: true,
        Strikes: 0,
        GameStatus: null,
        bot: 0,
        Attention: [],
      },
      {
        // 03-02 to 03-10 is 8 days; 5 + 3 = 8 races last week, below 20.
        UserID: 2,
        Username: 'bob',
        CurrentDisplayName: 'Robert',
        Joined: '2026-01-31 18:00:00',
        LastRace: '2026-03-02 23:30:00',
        DaysSinceLastRace: 8,
        RacesThisWeek: 0,
        RacesLastWeek: 8,
        LifetimeRaces: 800,
        AvgWPM: 55,
        MeetsMinRaces: false,
        MeetsMinSpeed: false,
        MeetsWeekly: false,
        OwedLastWeek: 20,
        OwedThisWeek: 20,
        AtRisk: true,
        Strikes: 0,
        GameStatus: 'warned',
        bot: 0,
        Attention: ['warned', 'inactive', 'missed-weekly', 'below-min-races', 'below-min-speed'],
      },
      {
        // The current period's join stamp; exactly 20 last week meets the requirement.
        UserID: 4,
        Username: 'dave',
        CurrentDisplayName: 'Dave',
        Joined: '2026-02-20 06:00:00',
        LastRace: '2026-03-08 00:00:00',
        DaysSinceLastRace: 2,
        RacesThisWeek: 12,
        RacesLastWeek: 20,
        LifetimeRaces: 2000,
        AvgWPM: 70,
        MeetsMinRaces: true,
        MeetsMinSpeed: true,
        MeetsWeekly: true,
        OwedLastWeek: 20,
        OwedThisWeek: 20,
        AtRisk: true,
        Strikes: 0,
        GameStatus: null,
        bot: 0,
        Attention: [],
      },
      {
        // Joined this week (no full week yet), no snapshot, no race.
        UserID: 3,
        Username: 'carol',
        CurrentDisplayName: 'carol',
        Joined: '2026-03-09 07:00:00',
        LastRace: null,
        DaysSinceLastRace: null,
        RacesThisWeek: 0,
        RacesLastWeek: 0,
        LifetimeRaces: null,
        AvgWPM: null,
        MeetsMinRaces: null,
        MeetsMinSpeed: null,
        MeetsWeekly: null,
        // Joined Monday 03-09 (6 days of this week): owes floor(20 × 6 / 7) = floor(17.14) = 17.
        OwedLastWeek: null,
        OwedThisWeek: 17,
        AtRisk: true,
        Strikes: 0,
        GameStatus: null,
        bot: 0,
        Attention: ['never-raced'],
      },
    ]);
  });

  it('counts days since the last race by site-zone calendar day', async () => {
    // Saturday 03-14 23:59 CDT: dave's Sunday race is 6 days back, still active; bob's 12.
    t.setNow(new Date('2026-03-15T04:59:00Z'));
    const late = (await t.app.inject('/api/roster-health?tag=TEST')).json();
    expect(
      late.members.map((m: { Username: string; DaysSinceLastRace: number | null }) => [
        m.Username,
        m.DaysSinceLastRace,
      ]),
    ).toEqual([
      ['alice', 4],
      ['bob', 12],
      ['dave', 6],
      ['carol', null],
    ]);
    expect(late.members[2].Attention).toEqual([]);
    // One minute later it is Sunday 03-15: a new week; dave's last week (03-08 to 03-14) holds 12.
    t.setNow(new Date('2026-03-15T05:00:00Z'));
    const next = (await t.app.inject('/api/roster-health?tag=TEST')).json();
    expect(next.WeekStart).toBe('2026-03-15');
    expect(next.members[2]).toMatchObject({
      DaysSinceLastRace: 7,
      RacesThisWeek: 0,
      RacesLastWeek: 12,
      MeetsWeekly: false,
      Attention: ['inactive', 'missed-weekly'],
    });
    t.setNow(NOW);
  });

  it('leaves every requirement check null for a team that sets none', async () => {
    const body = (await t.app.inject('/api/roster-health?tag=OTHER')).json();
    expect(body).toMatchObject({ MinRaces: null, MinSpeed: null, WeeklyRequirement: null });
    expect(body.members).toEqual([
      expect.objectContaining({
        Username: 'frank',
        MeetsWeekly: null,
        MeetsMinRaces: null,
        Attention: ['never-raced'],
      }),
    ]);
  });

  it('logs joins, leaves, rejoins and name changes, newest first', async () => {
    const res = await t.app.inject('/api/membership-log?tag=TEST');
    expect(res.statusCode).toBe(200);
    const rows = res
      .json()
      .map((e: { At: string; Kind: string; Username: string; From: string | null; To: string | null }) => [
        e.At,
        e.Kind,
        e.Username,
        e.From,
        e.To,
      ]);
    expect(rows).toEqual([
      ['2026-03-09 13:00:00', 'leave', 'erin', null, null],
      ['2026-03-09 07:00:00', 'join', 'carol', null, null],
      ['2026-03-02 23:30:00', 'name', 'bob', 'Bobby', 'Robert'],
      ['2026-02-20 06:00:00', 'rejoin', 'dave', null, null],
      ['2026-02-10 06:00:00', 'leave', 'dave', null, null],
      ['2026-01-31 18:00:00', 'join', 'bob', null, null],
      ['2026-01-10 12:00:00', 'join', 'erin', null, null],
      ['2026-01-05 12:00:00', 'join', 'dave', null, null],
      ['2025-12-31 18:00:00', 'join', 'alice', null, null],
    ]);
  });

  it('answers again with 304 for the same data, and anew once a poll has written', async () => {
    for (const path of ['/api/roster-health?tag=TEST', '/api/membership-log?tag=TEST']) {
      const first = await t.app.inject(path);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      expect((await t.app.inject({ url: path, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    }
    const before = (await t.app.inject('/api/roster-health?tag=TEST')).headers.etag;
    // carol's first race, this morning: the cached answer must not be reused.
    await addBatches(t.db, [batch(3, 'TEST', '2026-03-10T14:00:00Z', 2)]);
    t.db.dataChanges.notify(await readDataVersion(t.db));
    const after = await t.app.inject({
      url: '/api/roster-health?tag=TEST',
      headers: { 'if-none-match': before as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().members[3]).toMatchObject({
      Username: 'carol',
      LastRace: '2026-03-10 09:00:00',
      DaysSinceLastRace: 0,
      RacesThisWeek: 2,
      Attention: [],
    });
  });

  it('answers an unknown team with 404 and a bad tag with 400', async () => {
    for (const path of ['/api/roster-health', '/api/membership-log']) {
      const unknown = await t.app.inject(`${path}?tag=NOPE`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'Team NOPE is not tracked' });
      for (const q of ['', '?tag=', '?tag=a%20b']) {
        const bad = await t.app.inject(`${path}${q}`);
        expect(bad.statusCode).toBe(400);
        expect(typeof bad.json().error).toBe('string');
      }
    }
  });
});
