/**
 * Free agents through HTTP against hand-computed rows: a leave 13 days ago counts and one 15 days
 * ago does not, a racer who joined another tracked team is not free (one on an untracked team is),
 * the last team is the latest left, and the last 7 site days' totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FreeAgentsResponse } from '../../contract/free-agents.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';

/** Tue Mar 10 2026, 13:00 CDT: the last 7 site days are Mar 4 to Mar 10. */
const NOW = new Date('2026-03-10T18:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

describe.each(dbKinds)('free agents on %s', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await addTeam(t.db, 'AAA');
    await addTeam(t.db, 'BBB');
    await t.db.query("INSERT INTO teams (tag, tracked) VALUES ('ZZZ', false)");
    await addRacer(t.db, { userId: 5, username: 'erin', displayName: 'Erin E' });
    await addRacer(t.db, { userId: 6, username: 'fred' });
    await addRacer(t.db, { userId: 7, username: 'gina', tag: 'BBB' });
    await addRacer(t.db, { userId: 8, username: 'hank', tag: 'ZZZ', bot: true });
    await addRacer(t.db, { userId: 9, username: 'ivy', tag: 'AAA' });
    const left = (tag: string, userId: number, at: string) =>
      t.db.query(
        `INSERT INTO memberships (tag, user_id, first_seen, last_seen, left_at) VALUES ($1, $2, '2026-01-01Z', $3, $3)`,
        [tag, userId, at],
      );
    await left('BBB', 5, ago(20)); // erin: BBB first, then AAA, left 13 days ago
    await left('AAA', 5, ago(13));
    await left('BBB', 6, ago(15)); // fred: too long ago
    await left('AAA', 7, ago(2)); // gina: now on BBB
    await left('AAA', 8, ago(3)); // hank: now on ZZZ, which is not tracked
    await left('ZZZ', 9, ago(1)); // ivy: left an untracked team
    await addBatches(t.db, [
      // erin: Mar 9 counts (10 races, typed 1000 over 120 s = 100 WPM, 20 errors = 0.98, 10 × 150 × 0.98 = 1470)
      { userId: 5, tag: 'AAA', endTime: new Date('2026-03-09T18:00:00Z'), races: 10, typed: 1000, errs: 20, secs: 120 },
      // Mar 4 00:10 CST counts (2 races, typed 200 over 24 s = 100 WPM, no errors = 300 points)
      { userId: 5, tag: 'ZZZ', endTime: new Date('2026-03-04T06:10:00Z'), races: 2, typed: 200, errs: 0, secs: 24 },
      // Mar 3 23:50 CST: before the 7 days
      { userId: 5, tag: 'AAA', endTime: new Date('2026-03-04T05:50:00Z'), races: 50, typed: 5000, errs: 0, secs: 600 },
    ]);
  });
  afterAll(() => t.close());

  it('lists who left a tracked team in the last 14 days and is on none now, latest leave first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/free-agents' });
    expect(res.statusCode).toBe(200);
    expect(FreeAgentsResponse.parse(res.json())).toEqual([
      {
        UserID: 8,
        Username: 'hank',
        CurrentDisplayName: 'hank',
        LastTeam: 'AAA',
        LeftAt: ago(3),
        bot: 1,
        Races: 0,
        Accuracy: null,
        WPM: null,
        Points: 0,
      },
      {
        UserID: 5,
        Username: 'erin',
        CurrentDisplayName: 'Erin E',
        LastTeam: 'AAA',
        LeftAt: ago(13),
        bot: 0,
        // 12 races, typed 1200 over 144 s = 100 WPM, 20 errors of 1200 typed
        Races: 12,
        Accuracy: 1 - 20 / 1200,
        WPM: 100,
        Points: 1770,
      },
    ]);
  });

  it('drops a racer once the leave is more than 14 days old', async () => {
    t.setNow(new Date(NOW.getTime() + 1.5 * DAY));
    const res = await t.app.inject({ method: 'GET', url: '/api/free-agents' });
    expect(res.json<Array<{ Username: string }>>().map((r) => r.Username)).toEqual(['hank']);
    t.setNow(NOW);
  });
});
