/**
 * GET /api/racer-bests and GET /api/racer-compare against a fixture with hand-computed numbers
 * (site zone America/Chicago, CST = UTC-6 in these weeks; 2026-02-01 is a Sunday).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RacerBestsResponse, RacerCompareResponse } from '../../contract/racer-pages.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';

const at = (iso: string) => new Date(iso);

describe.each(dbKinds)('racer pages on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'TEST');
    await addTeam(t.db, 'OTHER');
    await addRacer(t.db, { userId: 101, username: 'alice', displayName: 'Alice A', tag: 'TEST' });
    await addRacer(t.db, { userId: 102, username: 'bob' });
    await addRacer(t.db, { userId: 103, username: 'Carol', displayName: 'Carol C', tag: 'TEST' });
    // alice's lifetime counter: 5,040 now, an older reading on OTHER is ignored.
    await t.db.query(
      `INSERT INTO member_snapshots (tag, user_id, taken_at, played, races_played, typed, errs, secs)
       VALUES ('TEST', 101, '2026-02-03T18:00:00Z', 135, 5040, 0, 0, 0), ('OTHER', 101, '2026-01-01T00:00:00Z', 1, 4000, 0, 0, 0)`,
    );
    await addBatches(t.db, [
      // Sat 01-31 12:00 CT: 120 WPM, 6 races.
      {
        userId: 101,
        tag: 'TEST',
        endTime: at('2026-01-31T18:00:00Z'),
        races: 6,
        lifetimeRaces: 7,
        typed: 3000,
        errs: 30,
        secs: 300,
      },
      // Sun 02-01: 100 WPM twice; the day: 55 races, typed 25,000, errs 65, secs 3,000.
      { userId: 101, tag: 'TEST', endTime: at('2026-02-01T16:00:00Z'), races: 30, typed: 15_000, errs: 15, secs: 1800 },
      { userId: 101, tag: 'TEST', endTime: at('2026-02-01T16:10:00Z'), races: 25, typed: 10_000, errs: 50, secs: 1200 },
      // Mon 02-02 09:00 CT on two teams: 4 + 1 races, typed 3,000 in 180 s = 200 WPM (the fastest).
      { userId: 101, tag: 'TEST', endTime: at('2026-02-02T15:00:00Z'), races: 4, typed: 2500, errs: 0, secs: 120 },
      { userId: 101, tag: 'OTHER', endTime: at('2026-02-02T15:00:00Z'), races: 1, typed: 500, errs: 0, secs: 60 },
      // 160 WPM; 900 lifetime races played off the team.
      {
        userId: 101,
        tag: 'TEST',
        endTime: at('2026-02-02T15:10:00Z'),
        races: 5,
        lifetimeRaces: 900,
        typed: 3200,
        errs: 32,
        secs: 240,
      },
      // 23:30 CT still 02-02: the day has 70 races, typed 30,200, errs 92, secs 2,820, lifetime 965.
      { userId: 101, tag: 'TEST', endTime: at('2026-02-03T05:30:00Z'), races: 60, typed: 24_000, errs: 60, secs: 2400 },
      // Midnight CT belongs to 02-03.
      { userId: 101, tag: 'TEST', endTime: at('2026-02-03T06:00:00Z'), races: 10, typed: 4000, errs: 0, secs: 400 },
      // Carol: 02-01 80 WPM, 02-03 100 WPM.
      { userId: 103, tag: 'TEST', endTime: at('2026-02-01T20:00:00Z'), races: 8, typed: 4000, errs: 40, secs: 600 },
      { userId: 103, tag: 'TEST', endTime: at('2026-02-03T18:00:00Z'), races: 12, typed: 6000, errs: 120, secs: 720 },
    ]);
  });
  afterAll(() => t.close());

  it("finds alice's bests and milestones", async () => {
    const res = await t.app.inject('/api/racer-bests?username=alice');
    expect(res.statusCode).toBe(200);
    const body = RacerBestsResponse.parse(res.json());
    expect(body.bests.map((b) => b.kind)).toEqual([
      'fastest-batch',
      'most-races-day',
      'most-races-week',
      'best-accuracy-day',
    ]);
    const [fastest, day, week, acc] = body.bests;
    expect(fastest).toEqual({
      kind: 'fastest-batch',
      at: '2026-02-02 09:00:00',
      from: '2026-02-02',
      to: '2026-02-02',
      races: 5,
      wpm: 200,
      accuracy: 1,
    });
    expect(day).toMatchObject({ at: '2026-02-02', from: '2026-02-02', to: '2026-02-02', races: 70 });
    expect(day.wpm).toBeCloseTo(6040 / 47, 10); // 128.51
    expect(day.accuracy).toBeCloseTo(1 - 92 / 30_200, 12);
    // Week of Sun 02-01: 55 + 70 + 10 = 135 races, typed 59,200, errs 157, secs 6,220.
    expect(week).toMatchObject({ at: '2026-02-01', from: '2026-02-01', to: '2026-02-07', races: 135 });
    expect(week.wpm).toBeCloseTo(11_840 / (6220 / 60), 10); // 114.21
    expect(week.accuracy).toBeCloseTo(1 - 157 / 59_200, 12);
    // 50+ races: 02-01 at 0.9974 beats 02-02 at 0.99695.
    expect(acc).toMatchObject({ at: '2026-02-01', from: '2026-02-01', to: '2026-02-01', races: 55, wpm: 100 });
    expect(acc.accuracy).toBeCloseTo(0.9974, 12);
    // 7 + 55 + 965 + 10 = 1,037 recorded: 4,003 before, 4,010 / 4,065 / 5,030 / 5,040 after each day.
    expect(body.lifetimeRaces).toBe(5040);
    expect(body.milestones).toEqual([
      { races: 1000, day: null },
      { races: 5000, day: '2026-02-02' },
    ]);
    expect(body.nextMilestone).toBe(10_000);
  });

  it('has no bests or milestones for a racer without batches or counters', async () => {
    const res = await t.app.inject('/api/racer-bests?username=bob');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      username: 'bob',
      bests: [],
      lifetimeRaces: null,
      milestones: [],
      nextMilestone: null,
    });
  });

  it('compares two racers per day and in total', async () => {
    const res = await t.app.inject('/api/racer-compare?a=alice&b=Carol&from=2026-02-01&to=2026-02-03');
    expect(res.statusCode).toBe(200);
    const body = RacerCompareResponse.parse(res.json());
    expect(body.days).toEqual(['2026-02-01', '2026-02-02', '2026-02-03']);
    expect(body.a.username).toBe('alice');
    expect(body.a.displayName).toBe('Alice A');
    expect(body.a.races).toEqual([55, 70, 10]);
    expect(body.a.wpm[0]).toBe(100);
    expect(body.a.wpm[1]).toBeCloseTo(6040 / 47, 10);
    expect(body.a.wpm[2]).toBe(120);
    expect(body.a.accuracy[0]).toBeCloseTo(0.9974, 12);
    expect(body.a.accuracy[2]).toBe(1);
    expect(body.a.totals.races).toBe(135);
    expect(body.a.totals.wpm).toBeCloseTo(11_840 / (6220 / 60), 10);
    expect(body.a.totals.accuracy).toBeCloseTo(1 - 157 / 59_200, 12);
    // Batch points races × (100 + WPM / 2) × accuracy: 4,495.5 + 3,731.25 + 900 + 150 + 891 + 9,576 + 1,600.
    expect(body.a.totals.points).toBeCloseTo(21_343.75, 6);
    expect(body.a.totals.activeDays).toBe(3);
    // Carol raced on 02-01 and 02-03 only: 20 races, typed 10,000, errs 160, secs 1,320.
    expect(body.b.races).toEqual([8, 0, 12]);
    expect(body.b.wpm).toEqual([80, null, 100]);
    expect(body.b.accuracy[1]).toBeNull();
    expect(body.b.accuracy[2]).toBeCloseTo(0.98, 12);
    expect(body.b.totals.races).toBe(20);
    expect(body.b.totals.wpm).toBeCloseTo(2000 / 22, 10);
    expect(body.b.totals.accuracy).toBeCloseTo(0.984, 12);
    expect(body.b.totals.points).toBeCloseTo(1108.8 + 1764, 6);
    expect(body.b.totals.activeDays).toBe(2);
  });

  it('compares over days without races as zeros', async () => {
    const body = RacerCompareResponse.parse(
      (await t.app.inject('/api/racer-compare?a=alice&b=bob&from=2026-01-30&to=2026-01-31')).json(),
    );
    expect(body.a.races).toEqual([0, 6]);
    expect(body.a.wpm).toEqual([null, 120]);
    expect(body.b.races).toEqual([0, 0]);
    expect(body.b.totals).toEqual({ races: 0, wpm: null, accuracy: null, points: 0, activeDays: 0 });
  });

  it.each([
    ['/api/racer-bests', 400],
    ['/api/racer-bests?username=nobody', 404],
    ['/api/racer-compare?a=alice&b=Carol&from=2026-02-01', 400],
    ['/api/racer-compare?a=alice&b=Carol&from=2026-02-30&to=2026-03-01', 400],
    ['/api/racer-compare?a=alice&b=Carol&from=2026-02-03&to=2026-02-01', 400],
    ['/api/racer-compare?a=alice&b=Carol&from=2025-01-01&to=2026-01-02', 400],
    ['/api/racer-compare?a=alice&b=Carol&from=feb&to=2026-02-01', 400],
    ['/api/racer-compare?a=&b=Carol&from=2026-02-01&to=2026-02-03', 400],
    ['/api/racer-compare?a=alice&b=nobody&from=2026-02-01&to=2026-02-03', 404],
  ])('answers %s with %i and an error', async (url, status) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('accepts a range of exactly 366 days', async () => {
    const res = await t.app.inject('/api/racer-compare?a=alice&b=Carol&from=2025-02-04&to=2026-02-04');
    expect(res.statusCode).toBe(200);
    expect(RacerCompareResponse.parse(res.json()).days).toHaveLength(366);
  });
});
