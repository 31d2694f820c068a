/**
 * The game's status of a member (`banned`, `warned`): stored with the racer by the collector,
 * returned by the roster, member-data-latest and racer-info calls, and cleared when the game
 * lists the member in good standing again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePoll } from '../../server/collector/write-poll.js';
import { readDataVersion } from '../../server/db/data-version.js';
import { teamBody, type MemberSpec } from './collector-helpers.js';
import { dbKinds, testApp, TEST_TZ, type TestContext } from './helpers.js';

const ivy: MemberSpec = { userID: 31, username: 'ivy', displayName: 'Ivy', status: 'banned' };
const jon: MemberSpec = { userID: 32, username: 'jon', displayName: 'Jon', status: 'warned' };
const kim: MemberSpec = { userID: 33, username: 'kim', displayName: 'Kim', status: 'active' };

describe.each(dbKinds)('game status on %s', (kind) => {
  let t: TestContext;
  const poll = (iso: string, members: MemberSpec[]) =>
    writePoll(t.db, { tag: 'STAT', at: new Date(iso), httpStatus: 200, body: teamBody('STAT', members) }, TEST_TZ);
  const get = async (url: string) => {
    const r = await t.app.inject({ method: 'GET', url });
    expect(r.statusCode).toBe(200);
    return r.json();
  };
  const rosterStatuses = async () =>
    ((await get('/api/current-display-names?tag=STAT')) as Array<{ Username: string; GameStatus: string | null }>).map(
      (m) => [m.Username, m.GameStatus],
    );

  beforeAll(async () => {
    t = await testApp(kind);
    await t.db.query("INSERT INTO teams (tag) VALUES ('STAT')");
  });
  afterAll(() => t.close());

  it('stores each member’s status and returns it in the roster, member-data-latest and racer-info', async () => {
    expect(await poll('2026-03-10T18:00:10Z', [ivy, jon, kim])).toMatchObject({ ok: true, members: 3 });
    const { rows } = await t.db.query('SELECT user_id, game_status FROM racers ORDER BY user_id');
    expect(rows).toEqual([
      { user_id: 31, game_status: 'banned' },
      { user_id: 32, game_status: 'warned' },
      { user_id: 33, game_status: null },
    ]);
    expect(await rosterStatuses()).toEqual([
      ['ivy', 'banned'],
      ['jon', 'warned'],
      ['kim', null],
    ]);
    const latest = (await get('/api/member-data-latest')) as Array<{ Username: string; GameStatus: string | null }>;
    expect(latest.map((m) => [m.Username, m.GameStatus])).toEqual([
      ['ivy', 'banned'],
      ['jon', 'warned'],
      ['kim', null],
    ]);
    expect(await get('/api/racer-info?username=ivy')).toMatchObject({ username: 'ivy', gameStatus: 'banned' });
    expect(await get('/api/racer-info?username=kim')).toMatchObject({ username: 'kim', gameStatus: null });
  });

  it('follows a change of status, as a change readers see', async () => {
    const version = await readDataVersion(t.db);
    expect(
      await poll('2026-03-10T18:10:10Z', [{ ...ivy, status: 'active' }, jon, { ...kim, status: 'banned' }]),
    ).toMatchObject({ ok: true, changed: true });
    expect(await readDataVersion(t.db)).toBe(version + 1);
    expect(await rosterStatuses()).toEqual([
      ['ivy', null],
      ['jon', 'warned'],
      ['kim', 'banned'],
    ]);
    expect(await get('/api/racer-info?username=kim')).toMatchObject({ gameStatus: 'banned' });
  });
});
