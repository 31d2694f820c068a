/**
 * Team and individual leaderboards through HTTP, checked against hand-computed numbers: a window
 * cutting through hourly rollups, a 23-hour DST day, the rolling 24 hours (daily rollup minus its
 * morning), bots, racers who changed teams, and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndividualLeaderboardResponse, TeamLeaderboardResponse } from '../../contract/leaderboards.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';

/** races, typed, errs, secs; WPM and accuracy are round by construction (see comments). */
type B = [userId: number, tag: string, endTime: string, races: number, typed: number, errs: number, secs: number];
const BATCHES: B[] = [
  // Mon Mar 9 2026 (CDT, UTC-5)                         WPM  acc   points
  [1, 'ALPHA', '2026-03-09T15:20:00Z', 2, 1000, 20, 120], // 100 0.98  294
  [1, 'ALPHA', '2026-03-09T15:30:00Z', 3, 1500, 15, 150], // 120 0.99  475.2
  [1, 'ALPHA', '2026-03-09T16:00:00Z', 1, 500, 5, 50], //    120 0.99  158.4
  [1, 'ALPHA', '2026-03-09T17:40:00Z', 4, 2000, 40, 200], // 120 0.98  627.2
  [1, 'ALPHA', '2026-03-09T17:50:00Z', 1, 400, 4, 48], //    100 0.99  148.5
  [2, 'ALPHA', '2026-03-09T16:10:00Z', 10, 6000, 0, 300], // 240 1     2200 (bot)
  [3, 'ALPHA', '2026-03-09T15:40:00Z', 2, 800, 8, 96], //    100 0.99  297 (carol before moving)
  [3, 'BRAVO', '2026-03-09T17:00:00Z', 5, 2500, 50, 250], // 120 0.98  784
  [4, 'BRAVO', '2026-03-09T16:50:00Z', 1, 300, 3, 36], //    100 0.99  148.5 (dave, left)
  // Sun Mar 8 2026, the spring-forward day: 00:00 CST = 06:00Z to 24:00 CDT = 05:00Z Mar 9
  [1, 'ALPHA', '2026-03-08T05:50:00Z', 1, 500, 5, 60], //    Sat 23:50 CST, 148.5
  [1, 'ALPHA', '2026-03-08T06:00:00Z', 2, 1000, 10, 120], // Sun 00:00 CST, 297
  [1, 'ALPHA', '2026-03-09T04:50:00Z', 3, 1500, 30, 150], // Sun 23:50 CDT, 470.4
  [1, 'ALPHA', '2026-03-09T05:00:00Z', 4, 2000, 20, 240], // Mon 00:00 CDT, 594
  // Around "now" (Tue Mar 10 18:00Z = 13:00 CDT)
  [3, 'BRAVO', '2026-03-10T17:50:00Z', 6, 3000, 30, 300], // 120 0.99  950.4
  [1, 'ALPHA', '2026-03-10T18:00:00Z', 1, 500, 0, 50], //    120 1     160 (exactly now: counted)
  [1, 'ALPHA', '2026-03-09T18:00:00Z', 2, 1000, 10, 100], // 120 0.99  316.8 (exactly now − 24 h: counted)
];

const NOW = new Date('2026-03-10T18:00:00Z');

function q(path: string, start: string, end: string, extra = '') {
  return `/api/${path}?start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end)}${extra}`;
}

describe.each(dbKinds)('leaderboards on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await addTeam(t.db, 'ALPHA');
    await addTeam(t.db, 'BRAVO');
    await addRacer(t.db, { userId: 1, username: 'alice', displayName: 'Alice A', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 2, username: 'bob', displayName: 'Bobot', tag: 'ALPHA', bot: true });
    await addRacer(t.db, { userId: 3, username: 'carol', displayName: 'Carol C', tag: 'BRAVO' });
    await addRacer(t.db, { userId: 4, username: 'dave' });
    await t.db.query(
      `INSERT INTO memberships (tag, user_id, first_seen, last_seen, left_at) VALUES
         ('ALPHA', 3, '2025-12-01Z', '2026-03-09Z', '2026-03-09T16:00Z'),
         ('BRAVO', 4, '2025-12-01Z', '2026-03-09Z', '2026-03-09T17:00Z')`,
    );
    await addBatches(
      t.db,
      BATCHES.map(([userId, tag, end, races, typed, errs, secs]) => ({
        userId,
        tag,
        endTime: new Date(end),
        races,
        typed,
        errs,
        secs,
      })),
    );
  });
  afterAll(() => t.close());

  describe('a window cutting through hourly rollups (10:25:00 to 12:44:59 CDT)', () => {
    const start = '2026-03-09 10:25:00';
    const end = '2026-03-09 12:44:59';

    it('sums each team without bots by default, Points first', async () => {
      const res = await t.app.inject(q('team-leaderboard', start, end));
      expect(res.statusCode).toBe(200);
      const rows = res.json();
      expect(rows.map((r: { TeamTag: string }) => r.TeamTag)).toEqual(['ALPHA', 'BRAVO']);
      // ALPHA: alice 15:30, 16:00, 17:40 and carol 15:40 (15:20 and 17:50 fall outside).
      expect(rows[0].Races).toBe(10);
      expect(rows[0].Points).toBeCloseTo(1557.8, 9);
      expect(rows[0].WPM).toBeCloseTo(4800 / 5 / (496 / 60), 12); // 116.129…
      expect(rows[0].Accuracy).toBeCloseTo(1 - 68 / 4800, 12);
      // BRAVO: carol 17:00 and dave 16:50, whatever team they are on now.
      expect(rows[1]).toMatchObject({ TeamTag: 'BRAVO', Races: 6 });
      expect(rows[1].Points).toBeCloseTo(932.5, 9);
      expect(rows[1].WPM).toBeCloseTo(2800 / 5 / (286 / 60), 12);
      expect(rows[1].Accuracy).toBeCloseTo(1 - 53 / 2800, 12);
    });

    it('counts the bot for its team with showbot=TRUE', async () => {
      const rows = (await t.app.inject(q('team-leaderboard', start, end, '&showbot=TRUE'))).json();
      expect(rows[0]).toMatchObject({ TeamTag: 'ALPHA', Races: 20 });
      expect(rows[0].Points).toBeCloseTo(3757.8, 9);
      expect(rows[0].WPM).toBeCloseTo(10800 / 5 / (796 / 60), 12);
      expect(rows[0].Accuracy).toBeCloseTo(1 - 68 / 10800, 12);
      const without = (await t.app.inject(q('team-leaderboard', start, end, '&showbot=false'))).json();
      expect(without[0].Races).toBe(10);
    });

    it('lists every racer with current name, current team and bot flag', async () => {
      const res = await t.app.inject(q('individual-leaderboard', start, end));
      expect(res.statusCode).toBe(200);
      const rows = res.json();
      expect(rows.map((r: { Username: string }) => r.Username)).toEqual(['bob', 'alice', 'carol', 'dave']);
      expect(rows[0]).toEqual({
        UserID: 2,
        Username: 'bob',
        CurrentDisplayName: 'Bobot',
        TeamTag: 'ALPHA',
        bot: 1,
        Races: 10,
        Accuracy: 1,
        WPM: 240,
        Points: 2200,
        // Flagged: shown in the whole list, ranked only with showbot=TRUE.
        Rank: null,
        PreviousRank: null,
      });
      expect(rows[1]).toMatchObject({
        UserID: 1,
        CurrentDisplayName: 'Alice A',
        TeamTag: 'ALPHA',
        bot: 0,
        Races: 8,
        WPM: 120,
        Accuracy: 0.985,
        Rank: 1,
        // The 2 hours 20 minutes before (08:05 to 10:25 CDT) hold alice's 15:20Z batch only.
        PreviousRank: 1,
      });
      expect(rows[1].Points).toBeCloseTo(1260.8, 9);
      // carol raced for ALPHA, then BRAVO: one row, her current team.
      expect(rows[2]).toMatchObject({ UserID: 3, TeamTag: 'BRAVO', Races: 7, Rank: 2, PreviousRank: null });
      expect(rows[2].Points).toBeCloseTo(1081, 9);
      expect(rows[2].WPM).toBeCloseTo(3300 / 5 / (346 / 60), 12);
      // dave left and has no display name: username shown, no team.
      expect(rows[3]).toMatchObject({
        UserID: 4,
        CurrentDisplayName: 'dave',
        TeamTag: null,
        Races: 1,
        WPM: 100,
        Accuracy: 0.99,
        Rank: 3,
        PreviousRank: null,
      });
    });
  });

  it('a DST day holds 23 hours: 00:00 CST to 23:59:59 CDT', async () => {
    const rows = (await t.app.inject(q('team-leaderboard', '2026-03-08 00:00:00', '2026-03-08 23:59:59'))).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ TeamTag: 'ALPHA', Races: 5, Accuracy: 1 - 40 / 2500 });
    expect(rows[0].Points).toBeCloseTo(297 + 470.4, 9);
    expect(rows[0].WPM).toBeCloseTo(500 / (270 / 60), 12);
  });

  it('a whole day reads the daily rollup', async () => {
    const rows = (await t.app.inject(q('team-leaderboard', '2026-03-09 00:00:00', '2026-03-09 23:59:59'))).json();
    expect(rows[0]).toMatchObject({ TeamTag: 'ALPHA', Races: 19, Accuracy: 1 - 122 / 9200 });
    expect(rows[0].Points).toBeCloseTo(2911.1, 9);
    expect(rows[0].WPM).toBeCloseTo(9200 / 5 / (1004 / 60), 12);
    expect(rows[1]).toMatchObject({ TeamTag: 'BRAVO', Races: 6 });
  });

  it('the rolling 24 hours counts both ends and nothing of the subtracted morning', async () => {
    const teams = (await t.app.inject(q('team-leaderboard', '2026-03-09 13:00:00', '2026-03-10 13:00:00'))).json();
    expect(teams.map((r: { TeamTag: string; Races: number }) => [r.TeamTag, r.Races])).toEqual([
      ['BRAVO', 6],
      ['ALPHA', 3],
    ]);
    expect(teams[0].Points).toBeCloseTo(950.4, 9);
    expect(teams[1].Points).toBeCloseTo(476.8, 9);
    expect(teams[1].Accuracy).toBeCloseTo(1 - 10 / 1500, 12);
    const racers = (
      await t.app.inject(q('individual-leaderboard', '2026-03-09 13:00:00', '2026-03-10 13:00:00'))
    ).json();
    expect(racers.map((r: { Username: string }) => r.Username)).toEqual(['carol', 'alice']);
  });

  it('answers exactly the contract’s shapes, numbers as numbers and missing stats as null', async () => {
    const teams = (await t.app.inject(q('team-leaderboard', '2026-03-01 00:00:00', '2026-03-10 23:59:59'))).json();
    expect(TeamLeaderboardResponse.parse(teams)).toEqual(teams);
    for (const r of teams)
      expect(Object.keys(r)).toEqual(['TeamTag', 'Races', 'Accuracy', 'WPM', 'Points', 'Rank', 'PreviousRank']);
    const racers = (
      await t.app.inject(q('individual-leaderboard', '2026-03-01 00:00:00', '2026-03-10 23:59:59'))
    ).json();
    expect(IndividualLeaderboardResponse.parse(racers)).toEqual(racers);
    for (const r of racers)
      expect(Object.keys(r)).toEqual([
        'UserID',
        'Username',
        'CurrentDisplayName',
        'TeamTag',
        'bot',
        'Races',
        'Accuracy',
        'WPM',
        'Points',
        'Rank',
        'PreviousRank',
      ]);
    // A batch with no typing: races count, WPM and accuracy are unknown.
    await addBatches(t.db, [
      { userId: 4, tag: 'BRAVO', endTime: new Date('2026-01-05T12:00:00Z'), races: 1, typed: 0, errs: 0, secs: 0 },
    ]);
    const idle = (await t.app.inject(q('individual-leaderboard', '2026-01-05 00:00:00', '2026-01-05 23:59:59'))).json();
    expect(idle).toEqual([
      {
        UserID: 4,
        Username: 'dave',
        CurrentDisplayName: 'dave',
        TeamTag: null,
        bot: 0,
        Races: 1,
        Accuracy: null,
        WPM: null,
        Points: 0,
        Rank: 1,
        PreviousRank: null,
      },
    ]);
  });

  it('accepts ISO 8601 times with an offset', async () => {
    const rows = (
      await t.app.inject(q('team-leaderboard', '2026-03-09T15:25:00Z', '2026-03-09T12:44:59-05:00'))
    ).json();
    expect(rows[0]).toMatchObject({ TeamTag: 'ALPHA', Races: 10 });
  });

  it('answers an empty window with an empty list', async () => {
    const res = await t.app.inject(q('individual-leaderboard', '2026-01-01 00:00:00', '2026-01-01 23:59:59'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('agrees with the naive sum over raw batches for many windows, both boards, bots or not', async () => {
    const { individualLeaderboard, rawPlan, teamLeaderboard } =
      await import('../../server/db/leaderboards/leaderboard-repo.js');
    const { windowFromApiTimes } = await import('../../rules/periods.js');
    // Older batches, so long windows read monthly and weekly rollups too.
    await addBatches(t.db, [
      {
        userId: 1,
        tag: 'ALPHA',
        endTime: new Date('2026-01-20T16:00:00Z'),
        races: 7,
        typed: 3500,
        errs: 70,
        secs: 420,
      },
      { userId: 2, tag: 'ALPHA', endTime: new Date('2026-02-02T03:30:00Z'), races: 9, typed: 5400, errs: 0, secs: 270 },
      {
        userId: 3,
        tag: 'BRAVO',
        endTime: new Date('2026-02-28T23:50:00Z'),
        races: 4,
        typed: 1600,
        errs: 16,
        secs: 200,
      },
      { userId: 3, tag: 'ALPHA', endTime: new Date('2026-02-01T06:00:00Z'), races: 2, typed: 900, errs: 9, secs: 110 },
    ]);
    const windows = [
      ['2026-03-07 22:05:00', '2026-03-10 13:00:00'],
      ['2026-03-08 00:00:00', '2026-03-09 10:29:59'],
      ['2026-03-09 00:00:01', '2026-03-09 23:59:58'],
      ['2026-03-08 23:55:00', '2026-03-09 11:00:00'],
      ['2026-03-09 10:00:00', '2026-03-09 10:59:59'],
      ['2026-01-01 00:00:00', '2026-03-10 13:00:00'],
      ['2026-01-20 10:00:00', '2026-02-28 17:49:59'],
      ['2026-02-01 00:00:00', '2026-02-28 23:59:59'],
    ];
    const tz = 'America/Chicago';
    const same = (
      fast: Array<{ Races: number; Points: number; WPM: number | null; Accuracy: number | null }>,
      naive: typeof fast,
    ) => {
      expect(fast.map((r) => r.Races)).toEqual(naive.map((r) => r.Races));
      fast.forEach((r, i) => {
        expect(r.Points).toBeCloseTo(naive[i].Points, 9);
        expect(r.WPM).toBeCloseTo(naive[i].WPM!, 12);
        expect(r.Accuracy).toBeCloseTo(naive[i].Accuracy!, 12);
      });
    };
    for (const [s, e] of windows) {
      const parsed = windowFromApiTimes(s, e, tz);
      if (!parsed.ok) throw new Error(parsed.error);
      const w = parsed.window;
      const opts = { tz, now: NOW, pieces: rawPlan(w) };
      const racers = (await t.app.inject(q('individual-leaderboard', s, e))).json();
      const naiveRacers = await individualLeaderboard(t.db, w, opts);
      expect(racers.map((r: { Username: string }) => r.Username)).toEqual(naiveRacers.map((r) => r.Username));
      same(racers, naiveRacers);
      for (const showBots of [false, true]) {
        const teams = (
          await t.app.inject(q('team-leaderboard', s, e, `&showbot=${showBots ? 'TRUE' : 'FALSE'}`))
        ).json();
        const naiveTeams = await teamLeaderboard(t.db, w, { ...opts, showBots });
        expect(teams.map((r: { TeamTag: string }) => r.TeamTag)).toEqual(naiveTeams.map((r) => r.TeamTag));
        same(teams, naiveTeams);
      }
    }
  });

  it.each([
    ['', 'start_time is required'],
    ['?start_time=2026-03-09%2000:00:00', 'end_time is required'],
    ['?start_time=today&end_time=2026-03-09%2023:59:59', 'start_time must be YYYY-MM-DD HH:MM:SS'],
    ['?start_time=2026-03-09%2000:00:00&end_time=2026-03-08%2023:59:59', 'end_time is before start_time'],
    ['?start_time=2025-01-01%2000:00:00&end_time=2026-03-08%2023:59:59', 'The window is longer than 366 days'],
    ['?start_time=2026-03-09%2000:00:00&end_time=2026-03-09%2023:59:59&showbot=maybe', 'showbot must be TRUE or FALSE'],
  ])('rejects %s with 400 and a JSON error', async (qs, error) => {
    const res = await t.app.inject(`/api/team-leaderboard${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(error);
  });

  it('rejects a bad individual window with 400', async () => {
    const res = await t.app.inject(q('individual-leaderboard', '2026-03-09 25:00:00', '2026-03-09 23:59:59'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'start_time must be YYYY-MM-DD HH:MM:SS' });
  });
});
