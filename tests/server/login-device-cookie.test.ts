/**
 * Login device cookies (OWASP's scheme): wrong passwords spread over many addresses lock an
 * unknown browser out, never the owner's browser that logged in before, from wherever it comes;
 * a forged or altered cookie, or one for another username, counts as no cookie; a device's own
 * failures block only that device; a new password revokes the device cookies made before it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_POLICY } from '../../server/db/login-throttle.js';
import { dbKinds, testApp, type TestContext } from './helpers.js';
import { addUser, json, login } from './staff-helpers.js';

const T0 = new Date('2026-03-10T18:00:00Z');
const OWNER = { username: 'owner', password: 'owner-password-1' };
const OTHER = { username: 'other', password: 'other-password-1' };

describe.each(dbKinds)('login device cookies on %s', (kind) => {
  let t: TestContext;
  const attempt = (ip: string, body: { username: string; password: string }, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: body,
      headers: device ? { cookie: `nt_device=${device}` } : {},
      remoteAddress: ip,
    });
  /** The device cookie a successful login sets, with its attributes. */
  const deviceCookieOf = (setCookie: string | string[] | undefined) => {
    const line = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('nt_device='));
    expect(line, 'a device cookie').toBeDefined();
    return { value: line!.split(';')[0].slice('nt_device='.length), line: line! };
  };
  const loginFrom = async (ip: string, who = OWNER, device?: string) => {
    const res = await attempt(ip, who, device);
    expect(res.statusCode, res.body).toBe(200);
    return deviceCookieOf(res.headers['set-cookie']).value;
  };
  /** 50 wrong passwords for owner, one from each of 50 addresses. */
  const spreadAttack = async () => {
    for (let i = 0; i < 50; i++) {
      const res = await attempt(`198.51.100.${i}`, { username: OWNER.username, password: `guess-${i}` });
      expect([401, 429]).toContain(res.statusCode);
    }
  };

  let ownerId: number;
  beforeAll(async () => {
    t = await testApp(kind, T0);
    ownerId = await addUser(t.db, { ...OWNER, role: 'admin' });
    await addUser(t.db, { ...OTHER, role: 'admin' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.setNow(T0);
    await t.db.query('DELETE FROM login_failures');
    await t.db.query('DELETE FROM login_known_addresses');
  });

  it('sets an HttpOnly, SameSite=Strict device cookie for /api/login that lasts a year', async () => {
    const res = await attempt('10.0.0.1', OWNER);
    expect(res.statusCode).toBe(200);
    const { line } = deviceCookieOf(res.headers['set-cookie']);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Path=\/api\/login(;|$)/);
    expect(line).toMatch(/; Max-Age=31536000(;|$)/);
    expect(line).not.toMatch(/Secure/);
    const https = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: OWNER,
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.0.0.1',
    });
    expect(deviceCookieOf(https.headers['set-cookie']).line).toMatch(/; Secure/);
    // The signing key stays in the database: not in the cookie, nor in any answer.
    const { rows } = await t.db.query<{ secret: string }>('SELECT secret FROM server_secrets');
    expect(rows).toHaveLength(1);
    expect(res.body + line).not.toContain(rows[0].secret);
  });

  it('wrong passwords from 50 addresses lock a new browser out, not the owner’s browser from yet another address', async () => {
    const device = await loginFrom('10.0.0.1');
    await spreadAttack();
    // An unknown browser at a new address: locked out, even with the right password.
    const stranger = await attempt('10.2.0.1', OWNER);
    expect(stranger.statusCode).toBe(429);
    // The owner's browser, now on mobile data at another new address: in at once.
    const phone = await attempt('10.3.0.1', OWNER, device);
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json()).toMatchObject({ success: true, username: 'owner' });
  });

  it('treats a forged or altered device cookie as none', async () => {
    const device = await loginFrom('10.0.0.1');
    await spreadAttack();
    const [user, nonce, signature] = device.split('.');
    const flip = (s: string) => (s.endsWith('A') ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`);
    const forged = [
      `${user}.${nonce}.${flip(signature)}`, // signature altered
      `${user}.${flip(nonce)}.${signature}`, // nonce altered
      `${Buffer.from('owner').toString('base64url')}.${nonce}.${'x'.repeat(signature.length)}`, // made up
      `${user}.${nonce}`, // signature dropped
      'garbage',
    ];
    for (const value of forged) {
      const res = await attempt('10.4.0.1', OWNER, value);
      expect(res.statusCode, value).toBe(429);
    }
  });

  it('does not let a device cookie for another username help', async () => {
    const otherDevice = await loginFrom('10.0.0.2', OTHER);
    await spreadAttack();
    const res = await attempt('10.5.0.1', OWNER, otherDevice);
    expect(res.statusCode).toBe(429);
    // Nor does swapping the username inside it (the signature covers it).
    const [, nonce, signature] = otherDevice.split('.');
    const swapped = `${Buffer.from('owner').toString('base64url')}.${nonce}.${signature}`;
    expect((await attempt('10.5.0.1', OWNER, swapped)).statusCode).toBe(429);
  });

  it('locks a device out after its own failures, and only that device', async () => {
    const laptop = await loginFrom('10.0.0.1');
    const phone = await loginFrom('10.0.0.9');
    for (let i = 0; i < DEVICE_POLICY.threshold; i++) {
      const res = await attempt('10.6.0.1', { username: OWNER.username, password: `typo-${i}` }, phone);
      expect(res.statusCode).toBe(401);
    }
    const locked = await attempt('10.6.0.1', OWNER, phone);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('30');
    // The other device, a browser without a cookie at a fresh address, and the locked device's
    // address for someone else: none is held back by the phone's failures.
    expect((await attempt('10.6.0.1', OWNER, laptop)).statusCode).toBe(200);
    expect((await attempt('10.7.0.1', OWNER)).statusCode).toBe(200);
    expect((await attempt('10.6.0.1', OTHER)).statusCode).toBe(200);
    // After its block the phone logs in again.
    t.setNow(new Date(T0.getTime() + 30_000));
    expect((await attempt('10.6.0.1', OWNER, phone)).statusCode).toBe(200);
  });

  it('a new password, set by an admin or by the owner, revokes the device cookies made before it', async () => {
    /** The keys a wrong password with `device` from 10.3.0.1 counts under. */
    const countedUnder = async (device: string) => {
      await t.db.query('DELETE FROM login_failures');
      const res = await attempt('10.3.0.1', { username: OWNER.username, password: 'wrong-guess-1' }, device);
      expect(res.statusCode).toBe(401);
      const { rows } = await t.db.query<{ key: string }>('SELECT key FROM login_failures ORDER BY key');
      return rows.map((r) => r.key);
    };
    const changePassword = async (cookie: string, password: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${ownerId}`,
        headers: json(cookie),
        payload: { password },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const device = await loginFrom('10.0.0.1');
    const nonce = (cookie: string) => cookie.split('.')[1];
    expect(await countedUnder(device)).toEqual([`device:${nonce(device)}`]);

    const renewed = { username: OWNER.username, password: 'owner-password-2' };
    await changePassword(await login(t.app, OTHER.username, OTHER.password, '10.0.0.2'), renewed.password);
    // The old cookie is no cookie any more: counted like any browser's, and held back by an attack.
    expect(await countedUnder(device)).toEqual(['ip:10.3.0.1', 'pair:10.3.0.1 owner', 'user:owner']);
    await t.db.query('DELETE FROM login_failures');
    await spreadAttack();
    expect((await attempt('10.0.0.1', renewed, device)).statusCode).toBe(429);

    // A cookie made under the new password counts; the owner's own change revokes it in turn.
    await t.db.query('DELETE FROM login_failures');
    const fresh = await loginFrom('10.0.0.1', renewed);
    expect(await countedUnder(fresh)).toEqual([`device:${nonce(fresh)}`]);
    await t.db.query('DELETE FROM login_failures');
    await changePassword(await login(t.app, renewed.username, renewed.password, '10.0.0.1'), OWNER.password);
    expect(await countedUnder(fresh)).toEqual(['ip:10.3.0.1', 'pair:10.3.0.1 owner', 'user:owner']);
  });
});
