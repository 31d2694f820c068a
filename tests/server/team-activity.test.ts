import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, testApp, type TestContext } from './helpers.js';
import { NOW, seedTeamFixture } from './team-fixture.js';

describe.each(dbKinds)('activity routes on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await seedTeamFixture(t.db);
  });
  afterAll(() => t.close());

  it('hourly-races: racers per UTC hour over the current hour and the 23 before', async () => {
    t.setNow(NOW);
    const res = await t.app.inject('/api/hourly-races?tag=ALPHA');
    expect(res.statusCode).toBe(200);
    // B9 (hour 2026-04-01T17Z) is just outside the first bucket (18Z); BETA never shows. Bob is flagged.
    expect(res.json()).toEqual([
      { hour: '2026-04-02T04:00:00.000Z', racer: 'Alice A', username: 'alice', races: 1, bot: 0 },
      { hour: '2026-04-02T05:00:00.000Z', racer: 'Dave D', username: 'dave', races: 5, bot: 0 },
      { hour: '2026-04-02T05:00:00.000Z', racer: 'carol', username: 'carol', races: 2, bot: 0 },
      { hour: '2026-04-02T16:00:00.000Z', racer: 'Bob', username: 'bob', races: 6, bot: 1 },
      { hour: '2026-04-02T17:00:00.000Z', racer: 'Alice A', username: 'alice', races: 1, bot: 0 },
    ]);
  });

  it('daily-races: the last 8 CT days, oldest first, zero days included', async () => {
    const res = await t.app.inject('/api/daily-races?tag=ALPHA');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { date: '2026-03-26', total_races: 57 }, // B11 + B12
      { date: '2026-03-27', total_races: 0 },
      { date: '2026-03-28', total_races: 2 }, // B1 at 23:50 CT (UTC March 29)
      { date: '2026-03-29', total_races: 3 },
      { date: '2026-03-30', total_races: 0 },
      { date: '2026-03-31', total_races: 4 }, // B3 at 23:00 CT (UTC April 1)
      { date: '2026-04-01', total_races: 22 }, // B4 + B9 + B10
      { date: '2026-04-02', total_races: 14 }, // B5 + B6 + B7 + B8
    ]);
  });

  it('weekly-races: the last 8 Sunday weeks, oldest first, across DST and a month end', async () => {
    const res = await t.app.inject('/api/weekly-races?tag=ALPHA');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { date: '2026-02-08', total_races: 0 },
      { date: '2026-02-15', total_races: 0 },
      { date: '2026-02-22', total_races: 0 },
      { date: '2026-03-01', total_races: 4 }, // B14, Saturday 23:50 CST
      { date: '2026-03-08', total_races: 3 }, // B13, 01:30 CST on the DST day
      { date: '2026-03-15', total_races: 0 },
      { date: '2026-03-22', total_races: 59 }, // B1 + B11 + B12
      { date: '2026-03-29', total_races: 43 }, // B2 … B10, March 29 to April 4
    ]);
  });

  it('team-stats: the last 24 h with top racers over 24 h and 7 d', async () => {
    t.setNow(NOW);
    const res = await t.app.inject('/api/team-stats?tag=ALPHA');
    expect(res.statusCode).toBe(200);
    const s = res.json();
    // B4 … B9: races 1+2+5+6+1+1, typed 7500, errs 101, secs 930.
    expect(s.races).toBe(16);
    expect(s.avg_wpm).toBeCloseTo(7500 / 5 / (930 / 60), 10);
    expect(s.accuracy).toBeCloseTo(1 - 101 / 7500, 12);
    expect(s.active_members).toBe(4);
    // 24 h: bob 6 (B7), dave 5 (B6), carol 3 (B5, B9), alice 2 (B4, B8); bob is flagged, so dave.
    expect(s.top_racer).toEqual({ username: 'dave', CurrentDisplayName: 'Dave D', races: 5 });
    // 7 d: carol 23 (B5, B9, B10) beats bob's 17 (B3, B7, B12) either way.
    expect(s.top_racer_7d).toEqual({ username: 'carol', CurrentDisplayName: 'carol', races: 23 });
  });

  it('team-stats: flagged racers may be top racers once shown (showbot=TRUE)', async () => {
    t.setNow(NOW);
    const shown = (await t.app.inject('/api/team-stats?tag=ALPHA&showbot=true')).json();
    expect(shown.top_racer).toEqual({ username: 'bob', CurrentDisplayName: 'Bob', races: 6 });
    expect(shown.top_racer_7d).toEqual({ username: 'carol', CurrentDisplayName: 'carol', races: 23 });
    expect(shown.races).toBe(16);
    const hidden = (await t.app.inject('/api/team-stats?tag=ALPHA&showbot=FALSE')).json();
    expect(hidden.top_racer).toEqual({ username: 'dave', CurrentDisplayName: 'Dave D', races: 5 });
    const bad = await t.app.inject('/api/team-stats?tag=ALPHA&showbot=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(expect.any(String));
  });

  it('team-stats: a window off the hour drops the batch on its old edge', async () => {
    t.setNow(new Date(NOW.getTime() + 5 * 60_000));
    const s = (await t.app.inject('/api/team-stats?tag=ALPHA')).json();
    t.setNow(NOW);
    // B9 (exactly 24 h before 12:00) is now out: typed 7000, errs 101, secs 870.
    expect(s.races).toBe(15);
    expect(s.avg_wpm).toBeCloseTo(7000 / 5 / (870 / 60), 10);
    expect(s.accuracy).toBeCloseTo(1 - 101 / 7000, 12);
    expect(s.active_members).toBe(4);
  });

  it('team-stats: no races gives zeros and nulls; an unknown tag a 404 error', async () => {
    t.setNow(new Date('2026-06-01T00:00:00Z'));
    const quiet = await t.app.inject('/api/team-stats?tag=ALPHA');
    t.setNow(NOW);
    expect(quiet.json()).toEqual({
      races: 0,
      avg_wpm: null,
      accuracy: null,
      active_members: 0,
      top_racer: null,
      top_racer_7d: null,
    });
    const unknown = await t.app.inject('/api/team-stats?tag=NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Team NOPE is not tracked' });
  });

  it('unknown tags get empty charts; missing or bad tags get 400', async () => {
    expect((await t.app.inject('/api/hourly-races?tag=NOPE')).json()).toEqual([]);
    const daily = (await t.app.inject('/api/daily-races?tag=NOPE')).json() as Array<{ total_races: number }>;
    expect(daily).toHaveLength(8);
    expect(daily.every((d) => d.total_races === 0)).toBe(true);
    for (const path of ['hourly-races', 'daily-races', 'weekly-races', 'team-stats']) {
      for (const q of ['', '?tag=', '?tag=%27%3B--']) {
        const res = await t.app.inject(`/api/${path}${q}`);
        expect(res.statusCode).toBe(400);
        expect(typeof res.json().error).toBe('string');
      }
    }
  });
});
