import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, testApp, type TestContext } from './helpers.js';
import { NOW, seedTeamFixture } from './team-fixture.js';

describe.each(dbKinds)('roster routes on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await seedTeamFixture(t.db);
  });
  afterAll(() => t.close());

  it('lists current members with squads, snapshot counters and recent races, Joined ascending', async () => {
    t.setNow(NOW);
    const res = await t.app.inject('/api/current-display-names?tag=alpha');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        UserID: 2,
        Username: 'bob',
        CurrentDisplayName: 'Bob',
        Tag: 'ALPHA',
        Role: 'member',
        squad: '',
        SquadName: null,
        Joined: '2025-01-15 06:00:00',
        TeamRaces: 1500,
        LifetimeRaces: 40000,
        AvgWPM: 101,
        TopWPM: 150,
        bot: 1,
        GameStatus: null,
        // B3 4 + B7 6 + B12 7 (exactly now − 168 h); B11 is 10 minutes too early.
        RacesLast7Days: 17,
        // The verdict judges the last complete week, Sun 03-22 to Sat 03-28: B11 50 + B12 7 = 57 ≥ 10.
        RequirementWeek: '2026-03-22',
        RacesRequirementWeek: 57,
        WeeklyOwed: 10,
        MeetsWeeklyRequirement: true,
      },
      {
        UserID: 1,
        Username: 'alice',
        CurrentDisplayName: 'Alice A',
        Tag: 'ALPHA',
        Role: 'member',
        squad: 'Avocado',
        SquadName: 'Avos',
        Joined: '2025-06-01 10:00:00',
        TeamRaces: 500,
        LifetimeRaces: 12000,
        AvgWPM: 95.5,
        TopWPM: 130.2,
        bot: 0,
        GameStatus: null,
        // B1 2 + B2 3 + B4 1 + B8 1 (exactly now)
        RacesLast7Days: 7,
        // Week of 03-22: only B1 (Sat 23:50) 2 < 10.
        RequirementWeek: '2026-03-22',
        RacesRequirementWeek: 2,
        WeeklyOwed: 10,
        MeetsWeeklyRequirement: false,
      },
      {
        // No display name, no snapshot yet; Blueberry has a custom name only on another team.
        UserID: 3,
        Username: 'carol',
        CurrentDisplayName: 'carol',
        Tag: 'ALPHA',
        Role: 'member',
        squad: 'Blueberry',
        SquadName: null,
        Joined: '2026-03-29 22:00:00',
        TeamRaces: null,
        LifetimeRaces: null,
        AvgWPM: null,
        TopWPM: null,
        bot: 0,
        GameStatus: null,
        RacesLast7Days: 23,
        // Joined Sun 03-29, after the week judged: owed nothing, no verdict.
        RequirementWeek: '2026-03-22',
        RacesRequirementWeek: 0,
        WeeklyOwed: null,
        MeetsWeeklyRequirement: null,
      },
    ]);
  });

  it('sums a window that is not hour-aligned from rollups plus raw edge batches', async () => {
    t.setNow(new Date(NOW.getTime() + 5 * 60_000));
    const rows = (await t.app.inject('/api/current-display-names?tag=ALPHA')).json() as Array<{
      Username: string;
      RacesLast7Days: number;
    }>;
    // At 12:05, B12 (168 h 5 min before) drops out of the window: bob has B3 4 + B7 6.
    expect(Object.fromEntries(rows.map((r) => [r.Username, r.RacesLast7Days]))).toEqual({
      bob: 10,
      alice: 7,
      carol: 23,
    });
    t.setNow(NOW);
  });

  it('leaves the requirement check null for a team without a weekly requirement', async () => {
    const rows = (await t.app.inject('/api/current-display-names?tag=BETA')).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Username: 'erin',
      RacesLast7Days: 140,
      MeetsWeeklyRequirement: null,
      SquadName: null,
    });
  });

  it('answers an unknown tag with an empty list and a bad tag with 400', async () => {
    const unknown = await t.app.inject('/api/current-display-names?tag=NOPE');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    for (const url of [
      '/api/current-display-names',
      '/api/current-display-names?tag=a%20b;',
      '/api/current-display-names?tag=',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('lists the latest snapshot of every current member of the tracked teams', async () => {
    const res = await t.app.inject('/api/member-data-latest');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        UserID: 1,
        Username: 'alice',
        CurrentDisplayName: 'Alice A',
        TeamTag: 'ALPHA',
        Role: 'member',
        Joined: '2025-06-01 10:00:00',
        TeamRaces: 500,
        LifetimeRaces: 12000,
        AvgWPM: 95.5,
        TopWPM: 130.2,
        SnapshotAt: '2026-04-02 12:00:00',
        bot: 0,
        GameStatus: null,
      },
      {
        UserID: 2,
        Username: 'bob',
        CurrentDisplayName: 'Bob',
        TeamTag: 'ALPHA',
        Role: 'member',
        Joined: '2025-01-15 06:00:00',
        TeamRaces: 1500,
        LifetimeRaces: 40000,
        AvgWPM: 101,
        TopWPM: 150,
        SnapshotAt: '2026-04-02 12:00:00',
        bot: 1,
        GameStatus: null,
      },
      {
        UserID: 3,
        Username: 'carol',
        CurrentDisplayName: 'carol',
        TeamTag: 'ALPHA',
        Role: 'member',
        Joined: '2026-03-29 22:00:00',
        TeamRaces: null,
        LifetimeRaces: null,
        AvgWPM: null,
        TopWPM: null,
        SnapshotAt: null,
        bot: 0,
        GameStatus: null,
      },
      {
        UserID: 5,
        Username: 'erin',
        CurrentDisplayName: 'Erin',
        TeamTag: 'BETA',
        Role: 'member',
        Joined: '2025-02-28 18:00:00',
        TeamRaces: 900,
        LifetimeRaces: 9000,
        AvgWPM: 88,
        TopWPM: 120,
        SnapshotAt: '2026-04-02 11:00:00',
        bot: 0,
        GameStatus: null,
      },
    ]);
  });
});
