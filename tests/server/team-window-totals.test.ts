import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { racerTotals } from '../../server/db/team/window-totals.js';
import { dbKinds, testApp, type TestContext } from './helpers.js';
import { ct, NOW, seedTeamFixture } from './team-fixture.js';

describe.each(dbKinds)('rolling-window totals on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await seedTeamFixture(t.db);
  });
  afterAll(() => t.close());

  const races = async (from: string, to: string) =>
    Object.fromEntries(
      (await racerTotals(t.db, 'ALPHA', { start: ct(from), end: ct(to) })).map((r) => [r.username, r.races]),
    );

  it('counts both ends of a window inside one hour', async () => {
    expect(await races('2026-04-02 11:35', '2026-04-02 11:45')).toEqual({ bob: 6 });
    expect(await races('2026-04-02 11:40', '2026-04-02 12:00')).toEqual({ bob: 6, alice: 1 });
    expect(await races('2026-04-02 11:41', '2026-04-02 11:59')).toEqual({});
    expect(await races('2026-04-02 11:35', '2026-04-02 11:39')).toEqual({});
  });

  it('joins raw edges to whole rollup hours without double counting', async () => {
    // Raw 11:50 (B10 20), rollup hours 12:00–23:00 (B9 1, B4 1), raw 00:00 (B5 2).
    expect(await races('2026-04-01 11:50', '2026-04-02 00:00')).toEqual({ carol: 23, alice: 1 });
    expect(await races('2026-04-01 11:30', '2026-04-01 12:30')).toEqual({ carol: 21 });
  });

  it('matches a plain sum over the raw batches for every window', async () => {
    const starts = ['2026-03-26 11:50', '2026-03-26 12:00', '2026-03-28 23:55', '2026-04-01 11:59', '2026-04-01 12:00'];
    const ends = ['2026-04-01 23:50', '2026-04-02 00:05', '2026-04-02 11:40', '2026-04-02 12:00', '2026-04-02 13:00'];
    for (const s of starts) {
      for (const e of ends) {
        const { rows } = await t.db.query<{ username: string; races: number; points: number }>(
          `SELECT r.username, SUM(b.races)::float8 AS races, SUM(b.points)::float8 AS points
             FROM batches b JOIN racers r ON r.user_id = b.user_id
            WHERE b.tag = 'ALPHA' AND b.end_time >= $1 AND b.end_time <= $2 GROUP BY r.username`,
          [ct(s), ct(e)],
        );
        const got = await racerTotals(t.db, 'ALPHA', { start: ct(s), end: ct(e) });
        expect(Object.fromEntries(got.map((r) => [r.username, r.races])), `${s} → ${e}`).toEqual(
          Object.fromEntries(rows.map((r) => [r.username, r.races])),
        );
        for (const r of rows) expect(got.find((g) => g.username === r.username)!.points).toBeCloseTo(r.points, 9);
      }
    }
  });
});
