/** Security headers on API answers, the app shell and its deep links (/admin). */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../../contract/boot-script.js';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import { freshDatabase } from './helpers.js';

describe('security headers', () => {
  let db: Database;
  let app: App;
  let staticDir: string;

  beforeAll(async () => {
    db = await freshDatabase('pglite');
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>NT Team Stats</title>');
    fs.writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    app = await buildApp(
      { db, config: { ...loadConfig({}), trustProxy: false }, now: () => new Date() },
      { staticDir },
    );
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  function directives(csp: string | undefined): Map<string, string> {
    return new Map(
      (csp ?? '')
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name, ...values] = d.split(/\s+/);
          return [name, values.join(' ')];
        }),
    );
  }

  it.each([
    ['the app shell at /admin', '/admin', { accept: 'text/html' }],
    ['the service worker', '/sw.js', {}],
    ['an API answer', '/api/me', {}],
    ['a 404', '/api/nothing-here', {}],
  ])('sends them with %s', async (_name, url, headers) => {
    const res = await app.inject({ url, headers });
    expect(res.statusCode).toBe(url === '/api/nothing-here' ? 404 : 200);
    const csp = directives(res.headers['content-security-policy'] as string | undefined);
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('default-src')).toBe("'self'");
    // The theme's inline script, by the hash of the very text the build puts into index.html.
    const boot = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(csp.get('script-src')).toBe(`'self' 'sha256-${boot}'`);
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('worker-src')).toBe("'self' blob:");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
