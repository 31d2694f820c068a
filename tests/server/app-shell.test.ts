/**
 * The app shell for page navigations (server/http/app-shell.ts): the leaderboard's HTML preloads
 * its first API calls at the exact addresses the app fetches (times worked out by hand for a fixed
 * clock in America/Chicago), after the build's entry script; other screens get none.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';

// 10:30:45 CDT (UTC-5) on Wednesday 15 April 2026.
const NOW = new Date('2026-04-15T15:30:45Z');
const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>NT Team Stats</title>' +
  '<script type="module" src="/assets/index-x.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]*)">/g)].map((m) =>
    m[1].replace(/&amp;/g, '&'),
  );
}

describe('app shell', () => {
  let db: Database;
  let app: App;
  let staticDir: string;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
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

  it('preloads the team board of the last 24 hours and the 24 hours before it', async () => {
    for (const url of ['/leaderboards', '/', '/leaderboards?tag=ABC&view=teams&period=24hour']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(preloads(res.body), url).toEqual([
        '/api/site',
        '/api/me',
        '/api/team-leaderboard?start_time=2026-04-14+10%3A30%3A00&end_time=2026-04-15+10%3A30%3A00&showbot=FALSE',
        '/api/team-leaderboard?start_time=2026-04-13+10%3A30%3A00&end_time=2026-04-14+10%3A29%3A59&showbot=FALSE',
      ]);
      // The entry script is asked for first (it takes the page's own connection), the data right
      // after the build's own tags, and the document still starts with its charset.
      expect(res.body.indexOf('<meta charset')).toBeLessThan(res.body.indexOf('index-x.js'));
      expect(res.body.indexOf('index-x.js')).toBeLessThan(res.body.indexOf('as="fetch"'));
      expect(res.body.indexOf('as="fetch"')).toBeLessThan(res.body.indexOf('</head>'));
    }
  });

  it('preloads the first page of an individual day board as the server ranks it (rank changes included)', async () => {
    const res = await page('/leaderboards?view=individuals&period=daily');
    expect(preloads(res.body).slice(2)).toEqual([
      '/api/individual-leaderboard?start_time=2026-04-15+00%3A00%3A00&end_time=2026-04-15+23%3A59%3A59' +
        '&page=1&pageSize=50&sort=Points&dir=desc&showbot=FALSE',
    ]);
  });

  it('preloads no individual board when the address chooses its sort, page, team, bots or list', async () => {
    for (const extra of ['sort=WPM', 'dir=asc', 'page=2', 'team=PAC', 'bots=1', 'list=following']) {
      const url = `/leaderboards?view=individuals&period=daily&${extra}`;
      expect(preloads((await page(url)).body), url).toEqual(['/api/site', '/api/me']);
    }
  });

  it('preloads no board when the address names a day or range, or an unknown view', async () => {
    for (const url of [
      '/leaderboards?period=daily&date=2026-04-01',
      '/leaderboards?period=custom&from=2026-04-01&to=2026-04-03',
      '/leaderboards?view=nobody',
    ]) {
      expect(preloads((await page(url)).body), url).toEqual(['/api/site', '/api/me']);
    }
  });

  it('sends other screens the shell without preloads, and unknown files a 404', async () => {
    const roster = await page('/roster?tag=ABC');
    expect(roster.statusCode).toBe(200);
    expect(preloads(roster.body)).toEqual([]);
    expect(roster.body).toContain('index-x.js');
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
