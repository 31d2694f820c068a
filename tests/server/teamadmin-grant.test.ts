/**
 * A teamadmin's team is the admin's explicit grant: when the poll moves their linked racer to
 * another team, the rights stay with the granted team, and a teamadmin without a grant manages
 * nothing, whatever team their racer is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePoll } from '../../server/collector/write-poll.js';
import { teamBody } from './collector-helpers.js';
import { addTeam, dbKinds, TEST_TZ, testApp, type TestContext } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';

const SETTINGS = {
  MinRaces: 1,
  QualifyingRaces: 2,
  RaceIncrement: 3,
  PayoutIncrement: 4,
  Cap: 5,
  AccBonus96: 1,
  AccBonus98: 1,
};
const racer = { userID: 501, username: 'mover' };
const other = { userID: 502, username: 'stayer' };
const third = { userID: 503, username: 'keeper' };

describe.each(dbKinds)('teamadmin grant on %s', (kind) => {
  let t: TestContext;
  let alphaEvent: number;
  let bravoEvent: number;
  const poll = (tag: string, iso: string, members: Array<typeof racer>) =>
    writePoll(t.db, { tag, at: new Date(iso), httpStatus: 200, body: teamBody(tag, members) }, TEST_TZ);
  const capOf = async (id: number) =>
    (await t.db.query<{ cap: number | null }>('SELECT cap FROM events WHERE event_id = $1', [id])).rows[0]?.cap ?? null;
  const setCap = (cookie: string, id: number, Cap: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/events/${id}`,
      headers: json(cookie),
      payload: { ...SETTINGS, Cap },
    });
  const myTeam = async (cookie: string) =>
    (await t.app.inject({ url: '/api/my-team-tag', headers: { cookie } })).json().teamTag;

  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'ALPHA');
    await addTeam(t.db, 'BRAVO');
    await poll('ALPHA', '2026-03-10T17:00:00Z', [third, racer]);
    await poll('BRAVO', '2026-03-10T17:00:00Z', [other]);
    await addUser(t.db, {
      username: 'capt',
      password: 'capt-password-1',
      role: 'teamadmin',
      userID: '501',
      teamTag: 'ALPHA',
    });
    await addUser(t.db, { username: 'nogrant', password: 'nogrant-password', role: 'teamadmin', userID: '502' });
    const admin = await addUser(t.db, { username: 'root', password: 'root-password-1', role: 'admin' });
    expect(admin).toBeGreaterThan(0);
    const rootCookie = await login(t.app, 'root', 'root-password-1');
    const create = async (tag: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/events',
        headers: json(rootCookie),
        payload: { Title: `Event ${tag}`, TeamTag: tag, StartTime: '2026-03-01T00:00', EndTime: '2026-03-20T00:00' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().event.EventID as number;
    };
    alphaEvent = await create('ALPHA');
    bravoEvent = await create('BRAVO');
  });
  afterAll(() => t.close());

  it('keeps the granted team after a poll moves the linked racer to another team', async () => {
    const cookie = await login(t.app, 'capt', 'capt-password-1');
    expect(await myTeam(cookie)).toBe('ALPHA');

    // The racer leaves ALPHA and shows up on BRAVO at the next poll.
    await poll('ALPHA', '2026-03-10T17:10:00Z', [third]);
    await poll('BRAVO', '2026-03-10T17:10:00Z', [other, racer]);
    const { rows } = await t.db.query<{ tag: string }>(
      'SELECT tag FROM memberships WHERE user_id = 501 AND left_at IS NULL',
    );
    expect(rows.map((r) => r.tag)).toEqual(['BRAVO']);

    expect(await myTeam(cookie)).toBe('ALPHA');
    const refused = await setCap(cookie, bravoEvent, 1e12);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'BRAVO owns this event: only its team admins or an admin can change it' });
    expect(await capOf(bravoEvent)).toBeNull();

    const allowed = await setCap(cookie, alphaEvent, 7);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await capOf(alphaEvent)).toBe(7);
  });

  it('gives a teamadmin without a grant no team, whatever team their racer is on', async () => {
    const cookie = await login(t.app, 'nogrant', 'nogrant-password');
    expect(await myTeam(cookie)).toBeNull();
    const refused = await setCap(cookie, bravoEvent, 1e12);
    expect(refused.statusCode).toBe(403);
    expect(await capOf(bravoEvent)).toBeNull();
    const squad = await t.app.inject({
      method: 'POST',
      url: '/api/update-custom-squad-name',
      headers: json(cookie),
      payload: { tag: 'BRAVO', squad: 'Fig', customName: 'Taken' },
    });
    expect(squad.statusCode).toBe(403);
  });
});
