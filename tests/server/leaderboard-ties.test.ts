/**
 * An individual board of one day: ties in points in name order whatever the ids, one row per
 * racer over their teams, null WPM, and the same answer as the naive query over raw batches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualLeaderboard, rawPlan } from '../../server/db/leaderboards/leaderboard-repo.js';
import { dayWindow } from '../../rules/site-time.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, TEST_TZ, type TestContext } from './helpers.js';

const NOW = new Date('2026-03-10T18:00:00Z');
const DAY = '2026-03-09';

describe.each(dbKinds)('individual board of a day on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await addTeam(t.db, 'ALPHA');
    await addTeam(t.db, 'BRAVO');
    // Ids in the opposite order of the names.
    await addRacer(t.db, { userId: 1, username: 'zoe', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 2, username: 'mia', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 3, username: 'abe', tag: 'BRAVO' });
    await addRacer(t.db, { userId: 4, username: 'kim', tag: 'BRAVO' });
    const at = (hhmm: string) => new Date(`${DAY}T${hhmm}:00Z`);
    await addBatches(t.db, [
      // zoe, mia and abe: 2 races of 500 characters, 5 errors, 60 s each. WPM (1000 / 5) / (120 / 60) = 100,
      // accuracy 1 − 10 / 1000 = 0.99, points 2 × (100 + 100 / 2) × 0.99 = 297 each.
      { userId: 1, tag: 'ALPHA', endTime: at('15:00'), races: 2, typed: 1000, errs: 10, secs: 120 },
      { userId: 2, tag: 'ALPHA', endTime: at('15:00'), races: 2, typed: 1000, errs: 10, secs: 120 },
      // abe's races are split over two teams: one row for him.
      { userId: 3, tag: 'ALPHA', endTime: at('15:00'), races: 1, typed: 500, errs: 5, secs: 60 },
      { userId: 3, tag: 'BRAVO', endTime: at('16:00'), races: 1, typed: 500, errs: 5, secs: 60 },
      // kim: one race and no time raced: WPM null, accuracy 1, points 1 × 100 × 1 = 100.
      { userId: 4, tag: 'BRAVO', endTime: at('17:00'), races: 1, typed: 100, errs: 0, secs: 0 },
    ]);
  });
  afterAll(() => t.close());

  it('ties in points by name, one row per racer', async () => {
    const w = dayWindow(DAY, TEST_TZ);
    const rows = await individualLeaderboard(t.db, w, { tz: TEST_TZ, now: NOW });
    expect(rows.map((r) => [r.Username, r.TeamTag, r.Races, r.Accuracy, r.WPM, r.Points])).toEqual([
      ['abe', 'BRAVO', 2, 0.99, 100, 297],
      ['mia', 'ALPHA', 2, 0.99, 100, 297],
      ['zoe', 'ALPHA', 2, 0.99, 100, 297],
      ['kim', 'BRAVO', 1, 1, null, 100],
    ]);
    expect(rows).toEqual(await individualLeaderboard(t.db, w, { tz: TEST_TZ, now: NOW, pieces: rawPlan(w) }));
  });

  it('gives the same JSON through HTTP', async () => {
    const res = await t.app.inject(
      `/api/individual-leaderboard?start_time=${DAY}%2000:00:00&end_time=${DAY}%2023:59:59`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { UserID: number }) => r.UserID)).toEqual([3, 2, 1, 4]);
  });
});
