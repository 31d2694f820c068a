/**
 * The app shell for page navigations (server/http/app-shell.ts) without the server's drawing (no
 * dist-server/ beside this static folder): every page address gets the built index.html, whatever
 * its Accept header, and HEAD its headers; files and API calls keep their 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { buildApp } from '../../server/http/app.js';
import { serverRenderPath } from '../../server/http/page-drawing.js';
import type { App } from '../../server/http/context.js';
import { freshDatabase } from './helpers.js';

// 10:30:45 CDT (UTC-5) on Wednesday 15 April 2026.
const NOW = new Date('2026-04-15T15:30:45Z');
const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>NT Team Stats</title>' +
  '<script type="module" src="/assets/index-x.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describe('app shell', () => {
  let db: Database;
  let app: App;
  let staticDir: string;

  beforeAll(async () => {
    db = await freshDatabase('pglite');
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-shell-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'assets', 'index-x.js'), 'export {};');
    app = await buildApp(
      { db, config: { ...loadConfig({}), siteTimezone: 'America/Chicago' }, now: () => NOW },
      { staticDir },
    );
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const page = (url: string) => app.inject({ url, headers: { accept: 'text/html' } });

  it('sends every screen the shell, and unknown files a 404', async () => {
    const roster = await page('/roster?tag=ABC');
    expect(roster.statusCode).toBe(200);
    expect(roster.headers['cache-control']).toBe('no-cache');
    expect(roster.body).toBe(INDEX);
    expect(roster.body).toContain('<div id="root">');
    const missing = await app.inject({ url: '/missing.js', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not found' });
    const api = await app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
  });

  it('answers a page whatever the Accept header says (curl sends */*, a monitor often nothing)', async () => {
    for (const accept of ['*/*', undefined, 'application/json']) {
      for (const url of ['/', '/roster?tag=ABC', '/racers/someone']) {
        const res = await app.inject({ url, headers: accept === undefined ? {} : { accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('<div id="root">');
      }
    }
  });

  it('answers HEAD of a page with the page headers and no body', async () => {
    for (const url of ['/', '/roster?tag=ABC']) {
      const get = await app.inject({ url, headers: { accept: '*/*' } });
      const head = await app.inject({ method: 'HEAD', url, headers: { accept: '*/*' } });
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(head.headers['cache-control']).toBe('no-cache');
      expect(head.headers['content-security-policy']).toBe(get.headers['content-security-policy']);
      expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(get.body));
      expect(head.body).toBe('');
    }
  });

  it('keeps unknown files and unknown API calls a 404 whatever the Accept header', async () => {
    for (const accept of ['*/*', 'text/html', undefined]) {
      const headers = accept === undefined ? {} : { accept };
      for (const url of ['/foo.js', '/assets/x.css', '/api/nothing', '/api/nothing/deeper?x=1', '/api']) {
        const res = await app.inject({ url, headers });
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.json()).toEqual({ error: 'Not found' });
        expect((await app.inject({ method: 'HEAD', url, headers })).statusCode, `HEAD ${url}`).toBe(404);
      }
    }
  });

  it('serves the built index.html as it is (the service worker precaches it)', async () => {
    const res = await app.inject({ url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });
});

describe('app shell with the server drawing', () => {
  // A stand-in for dist-server's drawing: the app's redirect of /, its 404 for an unknown address.
  const RENDER = `export async function drawPage({ url }) {
  const p = new URL(url).pathname;
  if (p === '/') return new Response(null, { status: 307, headers: { location: '/leaderboards' } });
  return new Response('<p>drawn</p>', { status: p === '/leaderboards' ? 200 : 404 });
}
`;
  let db: Database;
  let app: App;
  let dir: string;

  beforeAll(async () => {
    db = await freshDatabase('pglite');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-shell-drawn-'));
    const staticDir = path.join(dir, 'dist');
    fs.mkdirSync(staticDir);
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    fs.mkdirSync(path.dirname(serverRenderPath(staticDir)), { recursive: true });
    fs.writeFileSync(serverRenderPath(staticDir), RENDER);
    app = await buildApp(
      { db, config: { ...loadConfig({}), siteTimezone: 'America/Chicago' }, now: () => NOW },
      { staticDir, drawBudgetMs: 10_000 },
    );
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers HEAD as it answers GET: the redirect of /, a 404 for an unknown address', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const home = await app.inject({ method, url: '/' });
      expect(home.statusCode, method).toBe(302);
      expect(home.headers.location, method).toBe('/leaderboards');
      const missing = await app.inject({ method, url: '/no-such-screen' });
      expect(missing.statusCode, method).toBe(404);
      const board = await app.inject({ method, url: '/leaderboards' });
      expect(board.statusCode, method).toBe(200);
      expect(board.body, method).toEqual(method === 'HEAD' ? '' : expect.stringContaining('<p>drawn</p>'));
    }
  });
});
