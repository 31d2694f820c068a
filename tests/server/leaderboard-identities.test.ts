/**
 * The individual board keeps each racer's name, current team and bot flag per data version: a
 * bot flag, a rename, a team move and a new racer show on the next board once their write has
 * bumped the version, read directly and through HTTP, and the board stays equal to the naive one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpDataVersion, readDataVersion } from '../../server/db/data-version.js';
import { individualLeaderboard, rawPlan } from '../../server/db/leaderboards/leaderboard-repo.js';
import { setBotFlag } from '../../server/db/staff-repo.js';
import { dayWindow } from '../../rules/site-time.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, TEST_TZ, type TestContext } from './helpers.js';

const NOW = new Date('2026-03-10T18:00:00Z');
const DAY = '2026-03-09';
const w = dayWindow(DAY, TEST_TZ);
const opts = { tz: TEST_TZ, now: NOW };
const url = `/api/individual-leaderboard?start_time=${DAY}%2000:00:00&end_time=${DAY}%2023:59:59`;

/** [username, display name, team, bot] of each row, in board order. */
const names = (rows: Array<{ Username: string; CurrentDisplayName: string; TeamTag: string | null; bot: 0 | 1 }>) =>
  rows.map((r) => [r.Username, r.CurrentDisplayName, r.TeamTag, r.bot]);

describe.each(dbKinds)('individual board identities on %s', (kind) => {
  let t: TestContext;
  const board = async () => {
    // The helpers bump the version without a notice: the response cache hears of it at once.
    t.db.dataChanges.notify(await readDataVersion(t.db));
    const rows = await individualLeaderboard(t.db, w, opts);
    expect(rows).toEqual(await individualLeaderboard(t.db, w, { ...opts, pieces: rawPlan(w) }));
    expect((await t.app.inject(url)).json()).toEqual(rows);
    return names(rows);
  };

  beforeAll(async () => {
    t = await testApp(kind, NOW);
    await addTeam(t.db, 'ALPHA');
    await addTeam(t.db, 'BRAVO');
    await addRacer(t.db, { userId: 1, username: 'ann', displayName: 'Ann', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 2, username: 'ben', tag: 'BRAVO' });
    // ann 2 races, ben 1: ann first whatever the names.
    await addBatches(t.db, [
      { userId: 1, tag: 'ALPHA', endTime: new Date(`${DAY}T15:00:00Z`), races: 2, typed: 1000, errs: 10, secs: 120 },
      { userId: 2, tag: 'BRAVO', endTime: new Date(`${DAY}T15:00:00Z`), races: 1, typed: 500, errs: 5, secs: 60 },
    ]);
  });
  afterAll(() => t.close());

  it('follows a bot flag, a rename, a team move and a new racer', async () => {
    expect(await board()).toEqual([
      ['ann', 'Ann', 'ALPHA', 0],
      ['ben', 'ben', 'BRAVO', 0],
    ]);

    await setBotFlag(t.db, 'admin', NOW, { userId: 2, username: 'ben' }, true);
    expect(await board()).toEqual([
      ['ann', 'Ann', 'ALPHA', 0],
      ['ben', 'ben', 'BRAVO', 1],
    ]);

    await t.db.transaction(async (tx) => {
      await tx.query(`UPDATE racers SET username = 'anna', display_name = 'Anna A' WHERE user_id = 1`);
      await tx.query(`UPDATE memberships SET left_at = $1 WHERE user_id = 1`, [NOW]);
      await tx.query(
        `INSERT INTO memberships (tag, user_id, role, first_seen, last_seen) VALUES ('BRAVO', 1, 'member', $1, $1)`,
        [NOW],
      );
      await bumpDataVersion(tx);
    });
    expect(await board()).toEqual([
      ['anna', 'Anna A', 'BRAVO', 0],
      ['ben', 'ben', 'BRAVO', 1],
    ]);

    // A racer whose batches came before their racer row shows the id as name, then the name.
    await addBatches(t.db, [
      { userId: 3, tag: 'ALPHA', endTime: new Date(`${DAY}T16:00:00Z`), races: 3, typed: 900, errs: 0, secs: 90 },
    ]);
    expect((await board())[0]).toEqual(['3', '3', null, 0]);
    await addRacer(t.db, { userId: 3, username: 'cy', tag: 'ALPHA' });
    expect((await board())[0]).toEqual(['cy', 'cy', 'ALPHA', 0]);
  });
});
