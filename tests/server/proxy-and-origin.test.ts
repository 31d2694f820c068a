/**
 * Client address, host and protocol behind a reverse proxy (TRUST_PROXY), and the cross-site guard
 * against a forged X-Forwarded-Host and an encoded path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import { parseTrustProxy, type TrustProxy } from '../../server/http/proxy-trust.js';
import type { Database } from '../../server/db/database.js';
import { ADDRESS_POLICY } from '../../server/db/login-throttle.js';
import { dbKinds, freshDatabase, testApp, type TestContext } from './helpers.js';
import { addUser } from './staff-helpers.js';

describe('TRUST_PROXY', () => {
  it('reads false, a hop count (true is one) or a list of proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('YES')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toBe('127.0.0.1, 10.0.0.0/8');
  });

  describe('what a request reports', () => {
    let db: Database;
    const apps: App[] = [];
    beforeAll(async () => {
      db = await freshDatabase('pglite');
    });
    afterAll(async () => {
      for (const a of apps) await a.close();
      await db.close();
    });

    async function whoami(trustProxy: TrustProxy, headers: Record<string, string>, remoteAddress = '10.0.0.2') {
      const app = await buildApp({ db, config: { ...loadConfig({}), trustProxy }, now: () => new Date() });
      app.get('/whoami', async (request) => ({ ip: request.ip, host: request.host, protocol: request.protocol }));
      apps.push(app);
      return (
        await app.inject({ url: '/whoami', headers: { host: 'internal:3000', ...headers }, remoteAddress })
      ).json();
    }

    const forged = {
      'x-forwarded-for': '6.6.6.6, 203.0.113.9',
      'x-forwarded-host': 'stats.example.org',
      'x-forwarded-proto': 'https',
    };

    it('takes the right-most address the one trusted proxy added, not the left-most a client can write', async () => {
      expect(await whoami(1, forged)).toEqual({ ip: '203.0.113.9', host: 'stats.example.org', protocol: 'https' });
    });

    it('walks back over each trusted proxy: two hops, or the listed proxy addresses', async () => {
      const chain = { ...forged, 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.7' };
      expect((await whoami(2, chain)).ip).toBe('203.0.113.9');
      expect((await whoami('10.0.0.0/8', chain)).ip).toBe('203.0.113.9');
      expect((await whoami('127.0.0.1', chain, '127.0.0.1')).ip).toBe('10.0.0.7');
    });

    it('believes no forwarded header without TRUST_PROXY, nor from an address that is not a listed proxy', async () => {
      expect(await whoami(false, forged)).toEqual({ ip: '10.0.0.2', host: 'internal:3000', protocol: 'http' });
      expect(await whoami('127.0.0.1', forged, '10.0.0.2')).toEqual({
        ip: '10.0.0.2',
        host: 'internal:3000',
        protocol: 'http',
      });
    });
  });
});

describe.each(dbKinds)('cross-site guard on %s', (kind) => {
  let direct: TestContext;
  beforeAll(async () => {
    direct = await testApp(kind, undefined, { trustProxy: false });
    await addUser(direct.db, { username: 'Boss', password: 'boss-password-1', role: 'admin' });
  });
  afterAll(() => direct.close());
  const sessions = async () => (await direct.db.query('SELECT 1 FROM sessions')).rows.length;
  const login = (url: string, headers: Record<string, string>) =>
    direct.app.inject({
      method: 'POST',
      url,
      payload: { username: 'Boss', password: 'boss-password-1' },
      headers: { host: 'stats.local', ...headers },
    });

  it('does not take X-Forwarded-Host as an own host without a trusted proxy', async () => {
    const res = await login('/api/login', { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site request refused' });
    expect(await sessions()).toBe(0);
    expect((await login('/api/login', { origin: 'http://stats.local' })).statusCode).toBe(200);
  });

  it('checks the Origin of an encoded path that the router sends to /api', async () => {
    const before = await sessions();
    for (const url of ['/%61pi/login', '/%61%70%69/login', '/api/%6cogin']) {
      const res = await login(url, { origin: 'https://evil.example' });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await sessions()).toBe(before);
    // The same encoded path from the site itself reaches the route, so the router does decode it.
    expect((await login('/%61pi/login', { origin: 'http://stats.local' })).statusCode).toBe(200);
  });
});

describe.each(dbKinds)('login throttling behind a trusted proxy on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind, undefined, { trustProxy: 1 });
    await addUser(t.db, { username: 'Boss', password: 'boss-password-1', role: 'admin' });
  });
  afterAll(() => t.close());
  const attempt = (forwardedFor: string, username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress: '127.0.0.1',
    });

  it('counts the address the proxy saw, however the client fills the left of X-Forwarded-For', async () => {
    for (let i = 0; i < ADDRESS_POLICY.threshold; i++) {
      expect((await attempt(`192.0.2.${i}, 203.0.113.9`, `user${i}`, 'wrong-password')).statusCode).toBe(401);
    }
    const { rows } = await t.db.query<{ key: string; failures: number }>(
      "SELECT key, failures FROM login_failures WHERE key LIKE 'ip:%'",
    );
    expect(rows).toEqual([{ key: 'ip:203.0.113.9', failures: ADDRESS_POLICY.threshold }]);
    expect((await attempt('198.51.100.1, 203.0.113.9', 'Boss', 'boss-password-1')).statusCode).toBe(429);
    expect((await attempt('203.0.113.9, 198.51.100.20', 'Boss', 'boss-password-1')).statusCode).toBe(200);
  });
});
