import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashSessionId, SESSION_TTL_MS } from '../../server/http/plugins/auth.js';
import { ADDRESS_POLICY, PAIR_POLICY, USERNAME_POLICY } from '../../server/db/login-throttle.js';
import { addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, json, login, sessionCookie } from './staff-helpers.js';

const T0 = new Date('2026-03-10T18:00:00Z');

describe.each(dbKinds)('login and sessions on %s', (kind) => {
  let t: TestContext;
  const post = (url: string, payload: unknown, extra: Record<string, string> = {}, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...extra }, remoteAddress: ip });
  const me = async (cookie: string) => (await t.app.inject({ url: '/api/me', headers: { cookie } })).json();

  beforeAll(async () => {
    t = await testApp(kind, T0);
    await addTeam(t.db, 'ALPHA');
    await addRacer(t.db, { userId: 501, username: 'racer501', tag: 'ALPHA' });
    await addUser(t.db, { username: 'Boss', password: 'boss-password-1', role: 'admin' });
    await addUser(t.db, { username: 'capt', password: 'capt-password-1', role: 'teamadmin', userID: '501' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.setNow(T0);
    await t.db.query('DELETE FROM login_failures');
  });

  it('logs in, sets an HttpOnly SameSite=Lax session cookie and stores only its hash', async () => {
    const res = await post('/api/login', { username: 'boss', password: 'boss-password-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, username: 'Boss', role: 'admin' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(new RegExp(`Max-Age=${SESSION_TTL_MS / 1000}`));
    expect(setCookie).not.toMatch(/Secure/);
    const sid = sessionCookie(res.headers['set-cookie']).slice(4);
    const { rows } = await t.db.query<{ id_hash: string; expires_at: Date }>(
      "SELECT s.id_hash, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'Boss'",
    );
    expect(rows.map((r) => r.id_hash)).toContain(hashSessionId(sid));
    expect(rows.some((r) => r.id_hash === sid)).toBe(false);
    expect(rows.find((r) => r.id_hash === hashSessionId(sid))!.expires_at.getTime()).toBe(
      T0.getTime() + SESSION_TTL_MS,
    );
    expect(await me(`sid=${sid}`)).toEqual({ logged_in: true, username: 'Boss', role: 'admin' });
    const { rows: u } = await t.db.query<{ last_login: Date }>("SELECT last_login FROM users WHERE username = 'Boss'");
    expect(u[0].last_login.getTime()).toBe(T0.getTime());
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const res = await post(
      '/api/login',
      { username: 'Boss', password: 'boss-password-1' },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
  });

  it('answers a wrong password and an unknown user with the same "Login failed"', async () => {
    const wrong = await post('/api/login', { username: 'Boss', password: 'nope' });
    const unknown = await post('/api/login', { username: 'nobody', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Login failed' });
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('requires both fields', async () => {
    for (const body of [{}, { username: 'Boss' }, { username: '  ', password: 'x' }, { password: 'x' }]) {
      const res = await post('/api/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Username and password required' });
    }
  });

  it('logout deletes the session, so the old cookie is logged out', async () => {
    const cookie = await login(t.app, 'Boss', 'boss-password-1');
    const before = (await t.db.query('SELECT 1 FROM sessions')).rows.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await t.db.query('SELECT 1 FROM sessions')).rows.length).toBe(before - 1);
    expect(await me(cookie)).toEqual({ logged_in: false, username: null, role: null });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: json(cookie),
      payload: { username: 'x', password: 'y' },
    });
    expect(again.statusCode).toBe(401);
  });

  it('a session expires after its time to live', async () => {
    const cookie = await login(t.app, 'Boss', 'boss-password-1');
    t.setNow(new Date(T0.getTime() + SESSION_TTL_MS - 1000));
    expect((await me(cookie)).logged_in).toBe(true);
    t.setNow(new Date(T0.getTime() + SESSION_TTL_MS));
    expect((await me(cookie)).logged_in).toBe(false);
    expect((await t.app.inject({ url: '/api/users', headers: { cookie } })).statusCode).toBe(401);
  });

  it("gives a teamadmin only the team an admin granted, never the linked racer's team", async () => {
    const cookie = await login(t.app, 'capt', 'capt-password-1');
    expect(await me(cookie)).toEqual({ logged_in: true, username: 'capt', role: 'teamadmin' });
    expect((await t.app.inject({ url: '/api/my-team-tag', headers: { cookie } })).json()).toEqual({ teamTag: null });
    await addTeam(t.db, 'BRAVO');
    await t.db.query("UPDATE users SET team_tag = 'BRAVO' WHERE username = 'capt'");
    expect((await t.app.inject({ url: '/api/my-team-tag', headers: { cookie } })).json()).toEqual({ teamTag: 'BRAVO' });
    await t.db.query("UPDATE users SET team_tag = NULL WHERE username = 'capt'");
  });

  it('ignores a forged or malformed cookie', async () => {
    expect((await me('sid=not-a-session')).logged_in).toBe(false);
    expect((await me(`sid=${'x'.repeat(500)}`)).logged_in).toBe(false);
  });

  describe('brute force', () => {
    const guess = (ip: string, password = 'wrong-guess', username = 'Boss') =>
      post('/api/login', { username, password }, {}, ip);
    beforeEach(async () => {
      await t.db.query('DELETE FROM login_known_addresses');
    });

    it(`blocks a username from one address after ${PAIR_POLICY.threshold} failures, even with the right password, for a doubling time`, async () => {
      for (let i = 0; i < PAIR_POLICY.threshold; i++)
        expect((await guess('10.1.0.1', `guess${i}`)).statusCode).toBe(401);
      const blocked = await guess('10.1.0.1', 'boss-password-1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('30');
      expect(blocked.json().error).toBe('Too many login attempts. Try again in 30 seconds.');
      expect(blocked.headers['set-cookie']).toBeUndefined();

      // After 30 s one more try; a failure then blocks for 60 s.
      t.setNow(new Date(T0.getTime() + 30_000));
      expect((await guess('10.1.0.1')).statusCode).toBe(401);
      const second = await guess('10.1.0.1', 'BOSS-password-1');
      expect(second.statusCode).toBe(429);
      expect(second.headers['retry-after']).toBe('60');
      t.setNow(new Date(T0.getTime() + 90_000));
      expect((await guess('10.1.0.1', 'boss-password-1')).statusCode).toBe(200);
      // Success clears the count of the username at that address.
      const { rows } = await t.db.query("SELECT 1 FROM login_failures WHERE key LIKE 'pair:%'");
      expect(rows).toEqual([]);
    });

    it('five wrong passwords from elsewhere do not block the right one from another address', async () => {
      for (let i = 0; i < PAIR_POLICY.threshold; i++) expect((await guess(`10.1.0.${i}`)).statusCode).toBe(401);
      for (let i = 0; i < PAIR_POLICY.threshold; i++) expect((await guess('10.1.1.1')).statusCode).toBe(401);
      expect((await guess('10.1.1.1', 'boss-password-1')).statusCode).toBe(429);
      expect((await guess('10.0.0.1', 'boss-password-1')).statusCode).toBe(200);
    });

    it('an attacker failing for an hour from other addresses, one try per block, cannot lock the owner out', async () => {
      // The owner has logged in from their own address before.
      expect((await guess('10.0.0.1', 'boss-password-1')).statusCode).toBe(200);
      let at = T0.getTime();
      let refused = 0;
      let tried = 0;
      for (let round = 0; at < T0.getTime() + 3600_000; round++) {
        t.setNow(new Date(at));
        // Spread over many addresses, each retried as soon as its block ends.
        const res = await guess(`198.51.100.${round % 50}`);
        if (res.statusCode === 429) {
          refused++;
          at += Number(res.headers['retry-after']) * 1000;
        } else {
          expect(res.statusCode).toBe(401);
          tried++;
          at += 1000;
        }
        if (round % 10 === 0) {
          const owner = await guess('10.0.0.1', 'boss-password-1');
          expect(owner.statusCode, `round ${round}`).toBe(200);
        }
      }
      // The username's own limit held the spread attack back: its threshold, then one try per block.
      expect(tried).toBeGreaterThanOrEqual(USERNAME_POLICY.threshold);
      expect(tried).toBeLessThan(USERNAME_POLICY.threshold + 10);
      expect(refused).toBeGreaterThan(0);
      const newPlace = await guess('10.200.0.1', 'boss-password-1');
      expect(newPlace.statusCode).toBe(429);
      expect(Number(newPlace.headers['retry-after'])).toBeGreaterThan(0);
      expect((await guess('10.0.0.1', 'boss-password-1')).statusCode).toBe(200);
    });

    it('an attacker failing from one address, one try per block, cannot lock the owner out', async () => {
      let at = T0.getTime();
      for (let round = 0; round < 40; round++) {
        t.setNow(new Date(at));
        const res = await guess('203.0.113.66');
        at += res.statusCode === 429 ? Number(res.headers['retry-after']) * 1000 : 1000;
        expect((await guess('10.0.0.1', 'boss-password-1')).statusCode, `round ${round}`).toBe(200);
      }
      const last = await guess('203.0.113.66', 'boss-password-1');
      expect(last.statusCode).toBe(429);
    });

    it('counts an IPv6 /64 as one address', async () => {
      for (let i = 0; i < PAIR_POLICY.threshold; i++)
        expect((await guess(`2001:db8:1:2::${i + 1}`)).statusCode).toBe(401);
      expect((await guess('2001:db8:1:2::99', 'boss-password-1')).statusCode).toBe(429);
      expect((await guess('2001:db8:1:3::1', 'boss-password-1')).statusCode).toBe(200);
    });

    it('does not block another username, and forgets failures after a quiet window', async () => {
      for (let i = 0; i < PAIR_POLICY.threshold - 1; i++) await guess('10.0.0.1', 'bad');
      expect((await guess('10.0.0.1', 'capt-password-1', 'capt')).statusCode).toBe(200);
      t.setNow(new Date(T0.getTime() + 15 * 60_000 + 1));
      for (let i = 0; i < PAIR_POLICY.threshold - 1; i++) expect((await guess('10.0.0.1', 'bad')).statusCode).toBe(401);
      expect((await guess('10.0.0.1', 'boss-password-1')).statusCode).toBe(200);
    });

    it(`blocks an address after ${ADDRESS_POLICY.threshold} failures across usernames; other addresses still log in`, async () => {
      for (let i = 0; i < ADDRESS_POLICY.threshold; i++) {
        expect((await post('/api/login', { username: `user${i}`, password: 'x' }, {}, '10.9.9.9')).statusCode).toBe(
          401,
        );
      }
      const res = await post('/api/login', { username: 'Boss', password: 'boss-password-1' }, {}, '10.9.9.9');
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('60');
      expect(
        (await post('/api/login', { username: 'Boss', password: 'boss-password-1' }, {}, '10.9.9.10')).statusCode,
      ).toBe(200);
    });

    it('forgets the addresses known for a user whose password an admin changes', async () => {
      const known = async () =>
        (await t.db.query("SELECT address FROM login_known_addresses WHERE user_key = 'capt'")).rows;
      expect((await guess('10.0.0.5', 'capt-password-1', 'capt')).statusCode).toBe(200);
      expect(await known()).toEqual([{ address: '10.0.0.5' }]);
      const boss = await login(t.app, 'Boss', 'boss-password-1');
      const { rows } = await t.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'capt'");
      const change = (password: string) =>
        t.app.inject({ method: 'PUT', url: `/api/users/${rows[0].id}`, headers: json(boss), payload: { password } });
      expect((await change('capt-password-2')).statusCode).toBe(200);
      expect(await known()).toEqual([]);
      expect((await change('capt-password-1')).statusCode).toBe(200);
    });

    it('lets at most the threshold of a parallel burst reach the password check', async () => {
      const spread = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post('/api/login', { username: 'capt', password: `burst${i}` }, {}, `10.3.0.${i}`),
        ),
      );
      const codes = spread.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(USERNAME_POLICY.threshold);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30 - USERNAME_POLICY.threshold);
      expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
      const one = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post('/api/login', { username: 'Boss', password: `burst${i}` }, {}, '10.4.0.1'),
        ),
      );
      expect(one.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(PAIR_POLICY.threshold);
    });
  });

  describe('mutation guard', () => {
    it('refuses a foreign Origin and a cross-site fetch, and changes nothing', async () => {
      const count = async () => (await t.db.query('SELECT 1 FROM sessions')).rows.length;
      const before = await count();
      const evil = await post(
        '/api/login',
        { username: 'Boss', password: 'boss-password-1' },
        { origin: 'https://evil.example' },
      );
      expect(evil.statusCode).toBe(403);
      expect(evil.json()).toEqual({ error: 'Cross-site request refused' });
      const nullOrigin = await post(
        '/api/login',
        { username: 'Boss', password: 'boss-password-1' },
        { origin: 'null' },
      );
      expect(nullOrigin.statusCode).toBe(403);
      const site = await post(
        '/api/login',
        { username: 'Boss', password: 'boss-password-1' },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(site.statusCode).toBe(403);
      expect(await count()).toBe(before);
    });

    it('accepts its own origin, also through a proxy host', async () => {
      expect(
        (await post('/api/login', { username: 'Boss', password: 'boss-password-1' }, { origin: 'http://localhost' }))
          .statusCode,
      ).toBe(200);
      const proxied = await post(
        '/api/login',
        { username: 'Boss', password: 'boss-password-1' },
        {
          origin: 'https://stats.example.org',
          'x-forwarded-host': 'stats.example.org',
          'x-forwarded-proto': 'https',
        },
      );
      expect(proxied.statusCode).toBe(200);
    });

    it('accepts JSON bodies only', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': type },
          payload: 'username=Boss&password=boss-password-1',
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({ error: 'Request body must be JSON' });
      }
    });

    it('answers malformed JSON with 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBeTruthy();
    });
  });
});

describe.each(dbKinds)('login throttling without a trusted proxy on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, T0, { trustProxy: false });
    await addUser(t.db, { username: 'Boss', password: 'boss-password-1', role: 'admin' });
  });
  afterAll(() => t.close());

  it('ignores a forged X-Forwarded-For, so a client cannot dodge the per-address limit', async () => {
    for (let i = 0; i < ADDRESS_POLICY.threshold; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: `user${i}`, password: 'x' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        remoteAddress: '10.7.7.7',
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'Boss', password: 'boss-password-1' },
      headers: { 'x-forwarded-for': '198.51.100.1' },
      remoteAddress: '10.7.7.7',
    });
    expect(blocked.statusCode).toBe(429);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    expect(rows[0].n).toBe(0);
  });
});
