import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, testApp, type TestContext } from './helpers.js';
import { NOW, seedTeamFixture } from './team-fixture.js';

interface P {
  Username: string;
  CurrentDisplayName: string;
  TeamTag: string;
  Squad: string;
  SquadName: string | null;
  TotalRaces: number;
  WPM: number;
  Accuracy: number;
  Points: number;
  bot: number;
}

/** Compact view of the numbers: [username, races, wpm, accuracy, points]. */
function numbers(ps: P[]) {
  return ps.map((p) => [p.Username, p.TotalRaces, p.WPM, p.Accuracy, p.Points] as const);
}

function expectNumbers(ps: P[], expected: Array<[string, number, number, number, number]>) {
  const got = numbers(ps);
  expect(got.map((g) => g[0])).toEqual(expected.map((e) => e[0]));
  got.forEach((g, i) => {
    const e = expected[i];
    expect(g[1]).toBe(e[1]);
    expect(g[2]).toBeCloseTo(e[2], 9);
    expect(g[3]).toBeCloseTo(e[3], 12);
    expect(g[4]).toBeCloseTo(e[4], 9);
  });
}

describe.each(dbKinds)('tracker routes on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await seedTeamFixture(t.db);
  });
  afterAll(() => t.close());

  it('daily: one CT day from 00:00:00, Points descending, with squads and bot flags', async () => {
    const res = await t.app.inject('/api/daily-participants?tag=ALPHA&date=2026-04-02');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.start).toBe('2026-04-02 00:00:00');
    expect(body.end).toBe('2026-04-02 23:59:59');
    expectNumbers(body.participants, [
      ['bob', 6, 100, 0.99, 891],
      ['dave', 5, 100, 0.98, 735], // left the team later that day; he still raced for it
      ['carol', 2, 80, 0.98, 274.4],
      ['alice', 1, 80, 0.99, 138.6],
    ]);
    expect(body.participants[0]).toMatchObject({
      CurrentDisplayName: 'Bob',
      TeamTag: 'ALPHA',
      Squad: '',
      SquadName: null,
      bot: 1,
    });
    expect(body.participants[3]).toMatchObject({ Squad: 'Avocado', SquadName: 'Avos', bot: 0 });
    expect(body.participants[2]).toMatchObject({ CurrentDisplayName: 'carol', Squad: 'Blueberry', SquadName: null });
  });

  it('daily: 23:50 CT belongs to the day before even when UTC has moved on', async () => {
    const body = (await t.app.inject('/api/daily-participants?tag=ALPHA&date=2026-04-01')).json();
    expectNumbers(body.participants, [
      ['carol', 21, 100, 1, 3150], // B9 + B10
      ['alice', 1, 100, 0.99, 148.5], // B4 at 23:50 CT
    ]);
  });

  it('daily: the 23-hour DST day', async () => {
    const body = (await t.app.inject('/api/daily-participants?tag=ALPHA&date=2026-03-08')).json();
    expectNumbers(body.participants, [['alice', 3, 100, 0.99, 445.5]]);
  });

  it('daily: defaults to today', async () => {
    t.setNow(NOW);
    const a = (await t.app.inject('/api/daily-participants?tag=ALPHA')).json();
    const b = (await t.app.inject('/api/daily-participants?tag=ALPHA&date=2026-04-02')).json();
    expect(a).toEqual(b);
  });

  it('weekly: Sunday March 29 to Saturday April 4 crosses the month end', async () => {
    const body = (await t.app.inject('/api/weekly-participants?tag=ALPHA&week=2026-03-29')).json();
    expect(body.start).toBe('2026-03-29 00:00:00');
    expect(body.end).toBe('2026-04-04 23:59:59');
    expectNumbers(body.participants, [
      ['carol', 23, 11100 / 5 / (1350 / 60), 1 - 12 / 11100, 3424.4],
      ['bob', 10, 100, 1 - 30 / 5000, 1491],
      ['dave', 5, 100, 0.98, 735],
      ['alice', 5, 2400 / 5 / (345 / 60), 1 - 39 / 2400, 698.7], // B2 + B4 + B8, not B1 (Saturday 23:50)
    ]);
  });

  it('weekly: any day of a week means that week', async () => {
    const sunday = (await t.app.inject('/api/weekly-participants?tag=ALPHA&week=2026-03-22')).json();
    const wednesday = (await t.app.inject('/api/weekly-participants?tag=ALPHA&week=2026-03-25')).json();
    expect(wednesday).toEqual(sunday);
    expect(sunday.end).toBe('2026-03-28 23:59:59');
    expectNumbers(sunday.participants, [
      ['bob', 57, 100, 1 - 35 / 28500, 8539.5],
      ['alice', 2, 100, 0.99, 297],
    ]);
  });

  it('an unknown tag or a quiet day gives an empty list', async () => {
    for (const url of [
      '/api/daily-participants?tag=NOPE&date=2026-04-02',
      '/api/weekly-participants?tag=ALPHA&week=2025-01-05',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.json().participants).toEqual([]);
    }
  });

  it('rejects bad dates and tags with 400 and a JSON error', async () => {
    for (const url of [
      '/api/daily-participants?tag=ALPHA&date=2026-02-30',
      '/api/daily-participants?tag=ALPHA&date=yesterday',
      '/api/daily-participants?tag=ALPHA&date=2026-4-2',
      '/api/weekly-participants?tag=ALPHA&week=9999-12-31',
      '/api/weekly-participants?tag=ALPHA&week=0000-01-02',
      '/api/weekly-participants?week=2026-03-29',
      '/api/daily-participants?tag=AL%20PHA&date=2026-04-02',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });
});
