/**
 * Text the database cannot hold and times no event can have are refused at the edge with a 400
 * and a clear error, change nothing, and leave every read answering 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';

const FORM = {
  Title: 'Sprint',
  Description: '',
  TeamTag: 'ALPHA',
  StartTime: '2026-03-12T19:00',
  EndTime: '2026-03-14T19:00',
};
const LONE_HIGH = '\ud83d';
const LONE_LOW = '\ude00';

describe.each(dbKinds)('bad input on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: json(admin), payload });
  const eventCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0].n;

  beforeAll(async () => {
    t = await testApp(kind);
    await addTeam(t.db, 'ALPHA');
    await addUser(t.db, { username: 'root', password: 'root-password-1', role: 'admin' });
    admin = await login(t.app, 'root', 'root-password-1');
  });
  afterAll(() => t.close());

  it.each([
    ['a NUL character', { Title: 'A\u0000B' }, 'Title'],
    ['a lone high surrogate', { Title: `Cup ${LONE_HIGH}` }, 'Title'],
    ['a lone low surrogate', { Description: `x${LONE_LOW}y` }, 'Description'],
  ])('refuses an event with %s', async (_name, change, field) => {
    const before = await eventCount();
    const res = await send('POST', '/api/admin/events', { ...FORM, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `${field}: text must not contain a NUL character or an unpaired surrogate` });
    expect(await eventCount()).toBe(before);
  });

  it('accepts emoji, whose surrogates come in pairs', async () => {
    const res = await send('POST', '/api/admin/events', { ...FORM, Title: 'Cup \ud83d\ude00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event.Title).toBe('Cup 😀');
  });

  it('refuses NUL and lone surrogates in a login, a user, a squad name, a query and a path', async () => {
    const cases = [
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: json(),
        payload: { username: 'ro\u0000ot', password: 'root-password-1' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: json(),
        payload: { username: 'root', password: `x${LONE_HIGH}` },
      }),
      await send('POST', '/api/users', { username: 'new\u0000user', password: 'long-enough-password' }),
      await send('POST', '/api/update-custom-squad-name', { tag: 'ALPHA', squad: 'Fig', customName: `F${LONE_LOW}` }),
      await t.app.inject({ url: '/api/racer-info?username=a%00b' }),
      await t.app.inject({ url: '/api/event-participants/1%00' }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(cases.slice(0, 4).map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    expect((await t.db.query("SELECT 1 FROM users WHERE username LIKE 'new%'")).rows).toEqual([]);
  });

  it.each([
    [
      'ending in year 9999',
      { EndTime: '9999-12-31T23:59' },
      'EndTime: End Time must be between the years 2000 and 2100',
    ],
    [
      'starting in year 1970',
      { StartTime: '1970-01-01 00:00:00' },
      'StartTime: Start Time must be between the years 2000 and 2100',
    ],
    [
      'ending in year 10000',
      { EndTime: '10000-01-01T00:00' },
      'EndTime: End Time must be between the years 2000 and 2100',
    ],
  ])('refuses an event %s, and the event list still answers', async (_name, change, error) => {
    const before = await eventCount();
    const res = await send('POST', '/api/admin/events', { ...FORM, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
    expect(await eventCount()).toBe(before);
    const list = await t.app.inject('/api/team-events?tag=ALPHA');
    expect(list.statusCode).toBe(200);
  });

  it('refuses a year 9999 on an edit too, and keeps the event as it was', async () => {
    const { event } = (await send('POST', '/api/admin/events', FORM)).json();
    const res = await send('PUT', `/api/admin/events/${event.EventID}`, { ...FORM, EndTime: '9999-12-31 23:59:59' });
    expect(res.statusCode).toBe(400);
    const read = await t.app.inject(`/api/event-participants/${event.EventID}`);
    expect(read.statusCode, read.body).toBeLessThan(500);
    const list = await t.app.inject('/api/team-events?tag=ALPHA');
    expect(list.statusCode).toBe(200);
    expect(list.json().find((e: { EventID: number }) => e.EventID === event.EventID).EndTime).toBe(
      '2026-03-14 19:00:00',
    );
  });

  it('accepts the edges of the range', async () => {
    const res = await send('POST', '/api/admin/events', {
      ...FORM,
      StartTime: '2000-01-01T00:00',
      EndTime: '2100-12-31T23:59',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
