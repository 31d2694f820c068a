/**
 * The Hall of Fame through HTTP against hand-computed winners: a week boundary at Saturday 23:00
 * CST (Sunday in UTC), a flagged racer left out of racers, teams and records, the 25-race floor of
 * the best daily WPM, only closed periods listed, equality with the top row of the matching boards,
 * a racer's awards, paging and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HallOfFameResponse, RacerAwardsResponse } from '../../contract/hall-of-fame.js';
import { IndividualLeaderboardResponse, TeamLeaderboardResponse } from '../../contract/leaderboards.js';
import { periodWinners } from '../../server/db/hall-of-fame/hall-of-fame-repo.js';
import { publicChange } from '../../server/db/public-change.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';

/** errs 0 (accuracy 1) unless noted: WPM = 12 × typed / secs, points = races × (100 + WPM / 2). */
type B = [userId: number, tag: string, endTime: string, races: number, typed: number, errs: number, secs: number];
const BATCHES: B[] = [
  //                                                         WPM   points
  [1, 'AAA', '2026-02-08T05:00:00Z', 10, 1000, 0, 120], //   100   1500   Sat Feb 7 23:00 CST (Sunday in UTC)
  [2, 'BBB', '2026-02-07T18:00:00Z', 20, 1000, 0, 200], //    60   2600   Sat Feb 7
  [3, 'AAA', '2026-02-07T18:00:00Z', 100, 10000, 0, 1000], // 120  16000  Sat Feb 7, carl is flagged
  [1, 'AAA', '2026-02-08T06:10:00Z', 30, 3000, 0, 300], //   120   4800   Sun Feb 8 00:10 CST
  [4, 'BBB', '2026-02-09T18:00:00Z', 25, 2500, 0, 200], //   150   4375   Mon Feb 9
  [4, 'BBB', '2026-02-10T18:00:00Z', 24, 5000, 0, 200], //   300   6000   Tue Feb 10 (24 races: no WPM record)
  [3, 'AAA', '2026-02-10T18:00:00Z', 200, 40000, 0, 1000], // 480 68000  Tue Feb 10, flagged
  [2, 'BBB', '2026-03-09T18:00:00Z', 5, 500, 0, 60], //      100    750   Mon Mar 9 (week of Mar 8 still open)
  [2, 'BBB', '2026-03-10T17:00:00Z', 1000, 100000, 0, 10000], // today: not closed
];

/** Tue Mar 10 2026, 13:00 CDT: Mar 9 is the last closed day, Mar 1-7 the last closed week, February the last month. */
const NOW = new Date('2026-03-10T18:00:00Z');

const racer = (UserID: number, Username: string, TeamTag: string, Races: number, WPM: number, Points: number) => ({
  UserID,
  Username,
  CurrentDisplayName: Username.toUpperCase(),
  TeamTag,
  bot: 0,
  Races,
  Accuracy: 1,
  WPM,
  Points,
});
const ALICE = (races: number, wpm: number, points: number) => racer(1, 'alice', 'AAA', races, wpm, points);
const BOB = (races: number, wpm: number, points: number) => racer(2, 'bob', 'BBB', races, wpm, points);
const DORA = (races: number, wpm: number, points: number) => racer(4, 'dora', 'BBB', races, wpm, points);
const team = (TeamTag: string, Races: number, WPM: number, Points: number) => ({
  TeamTag,
  Races,
  Accuracy: 1,
  WPM,
  Points,
});

describe.each(dbKinds)('hall of fame on %s', (kind) => {
  let t: TestContext;
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };
  const hall = async (query: string) => HallOfFameResponse.parse(await get(`/api/hall-of-fame${query}`));

  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await addTeam(t.db, 'AAA');
    await addTeam(t.db, 'BBB');
    for (const [userId, username, tag, bot] of [
      [1, 'alice', 'AAA', false],
      [2, 'bob', 'BBB', false],
      [3, 'carl', 'AAA', true],
      [4, 'dora', 'BBB', false],
    ] as const) {
      await addRacer(t.db, { userId, username, displayName: username.toUpperCase(), tag, bot });
    }
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

  it('names the top racer and team of every closed day, flagged racers left out, newest first', async () => {
    const days = await hall('');
    expect(days.period).toBe('day');
    expect(days.pages).toBe(1);
    expect(days.periods).toEqual([
      {
        start: '2026-03-09',
        end: '2026-03-09',
        racer: BOB(5, 100, 750),
        team: team('BBB', 5, 100, 750),
        partial: false,
      },
      // dora 6000 beats the flagged carl's 68000; AAA without carl has no races that day
      {
        start: '2026-02-10',
        end: '2026-02-10',
        racer: DORA(24, 300, 6000),
        team: team('BBB', 24, 300, 6000),
        partial: false,
      },
      {
        start: '2026-02-09',
        end: '2026-02-09',
        racer: DORA(25, 150, 4375),
        team: team('BBB', 25, 150, 4375),
        partial: false,
      },
      {
        start: '2026-02-08',
        end: '2026-02-08',
        racer: ALICE(30, 120, 4800),
        team: team('AAA', 30, 120, 4800),
        partial: false,
      },
      // alice's 23:00 CST batch is Saturday's: bob 2600 over alice 1500; BBB 2600 over AAA 1500 (carl left out).
      // Tracking began at 11:50 CST that day (the first batch, 18:00 UTC, covers the 10 minutes before).
      {
        start: '2026-02-07',
        end: '2026-02-07',
        racer: BOB(20, 60, 2600),
        team: team('BBB', 20, 60, 2600),
        partial: true,
      },
    ]);
  });

  it('splits weeks Sunday to Saturday in the site zone and lists only closed weeks and months', async () => {
    const weeks = await hall('?period=week');
    expect(weeks.periods).toEqual([
      // Feb 8-14: alice 4800, dora 4375 + 6000 = 10375 (49 races, typed 7500 over 400 s: 225 WPM)
      {
        start: '2026-02-08',
        end: '2026-02-14',
        racer: DORA(49, 225, 10375),
        // BBB: dora only; AAA: alice 4800 (carl's 68000 left out)
        team: team('BBB', 49, 225, 10375),
        partial: false,
      },
      // Feb 1-7: bob 2600 over alice 1500 (her Saturday 23:00 CST batch)
      {
        start: '2026-02-01',
        end: '2026-02-07',
        racer: BOB(20, 60, 2600),
        team: team('BBB', 20, 60, 2600),
        partial: true,
      },
    ]);
    const months = await hall('?period=month');
    // February: dora 10375, alice 6300, bob 2600. BBB: bob + dora = 12975, 69 races, typed 8500 over 600 s = 170 WPM.
    expect(months.periods).toEqual([
      {
        start: '2026-02-01',
        end: '2026-02-28',
        racer: DORA(49, 225, 10375),
        team: team('BBB', 69, 170, 12975),
        partial: true,
      },
    ]);
  });

  it('keeps all-time records without flagged racers, the best WPM only from 25 races a day', async () => {
    const { records } = await hall('?period=month');
    // carl's 200 races and 480 WPM are left out; dora's 300 WPM day had 24 races
    expect(records).toEqual({
      mostRacesDay: { ...ALICE(30, 120, 4800), start: '2026-02-08', end: '2026-02-08' },
      mostRacesWeek: { ...DORA(49, 225, 10375), start: '2026-02-08', end: '2026-02-14' },
      bestDailyWpm: { ...DORA(25, 150, 4375), start: '2026-02-09', end: '2026-02-09' },
    });
  });

  it('equals the top row of the matching closed boards with bots hidden', async () => {
    for (const period of ['day', 'week', 'month'] as const) {
      const { periods } = await hall(`?period=${period}`);
      for (const p of periods) {
        const times = `start_time=${p.start}%2000:00:00&end_time=${p.end}%2023:59:59`;
        const people = IndividualLeaderboardResponse.parse(await get(`/api/individual-leaderboard?${times}`));
        const top = people.find((r) => r.bot === 0)!;
        expect({ who: p.racer?.Username, races: p.racer?.Races }).toEqual({ who: top.Username, races: top.Races });
        expect(p.racer?.Points).toBeCloseTo(top.Points, 6);
        const teams = TeamLeaderboardResponse.parse(await get(`/api/team-leaderboard?${times}&showbot=FALSE`));
        expect({ tag: p.team?.TeamTag, races: p.team?.Races }).toEqual({
          tag: teams[0].TeamTag,
          races: teams[0].Races,
        });
      }
    }
  });

  it('names the same winners for one closed period alone as the Discord post reads them', async () => {
    // February's month, the week of Feb 8 and Mar 9's day, as in the lists above.
    expect(await periodWinners(t.db, 'month', '2026-02-01')).toEqual({
      kind: 'month',
      start: '2026-02-01',
      end: '2026-02-28',
      racer: DORA(49, 225, 10375),
      team: team('BBB', 69, 170, 12975),
    });
    expect(await periodWinners(t.db, 'week', '2026-02-08')).toMatchObject({
      end: '2026-02-14',
      racer: DORA(49, 225, 10375),
      team: team('BBB', 49, 225, 10375),
    });
    expect(await periodWinners(t.db, 'day', '2026-02-07')).toMatchObject({ racer: BOB(20, 60, 2600) });
    expect(await periodWinners(t.db, 'day', '2026-02-11')).toMatchObject({ racer: null, team: null });
  });

  it("lists a racer's awards, records first, then months, weeks and days, newest first", async () => {
    const dora = RacerAwardsResponse.parse(await get('/api/racer-awards?username=DORA'));
    expect(dora.awards.map((a) => `${a.kind} ${a.start}`)).toEqual([
      'mostRacesWeek 2026-02-08',
      'bestDailyWpm 2026-02-09',
      'month 2026-02-01',
      'week 2026-02-08',
      'day 2026-02-10',
      'day 2026-02-09',
    ]);
    expect(dora.awards[1]).toEqual({
      kind: 'bestDailyWpm',
      start: '2026-02-09',
      end: '2026-02-09',
      Races: 25,
      Accuracy: 1,
      WPM: 150,
      Points: 4375,
    });
    expect(RacerAwardsResponse.parse(await get('/api/racer-awards?username=carl')).awards).toEqual([]);
    expect(RacerAwardsResponse.parse(await get('/api/racer-awards?username=nobody')).awards).toEqual([]);
  });

  it('pages past the last page to an empty list and refuses a bad period or page', async () => {
    const past = await hall('?page=2');
    expect(past).toMatchObject({ page: 2, pages: 1, periods: [] });
    for (const q of ['?period=year', '?page=0', '?page=x', '?page=1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/hall-of-fame${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('reads again after a write bumps the data version (a new flag changes the winners)', async () => {
    await publicChange(t.db, (tx) => tx.query("INSERT INTO bot_flags (user_id, flagged_by) VALUES (4, 'test')"));
    const { periods } = await hall('?period=week');
    // Feb 8-14 without dora: alice 4800
    expect(periods[0].racer).toEqual(ALICE(30, 120, 4800));
    expect(periods[0].team).toEqual(team('AAA', 30, 120, 4800));
  });
});
