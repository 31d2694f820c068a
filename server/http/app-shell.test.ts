import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { appShell } from './app-shell.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-shell-'));
fs.writeFileSync(
  path.join(dir, 'index.html'),
  '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>',
);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the app shell', () => {
  it('puts a drawn page into the root as it is, a display name with `$` patterns included', async () => {
    const html = "<p>Cash $` $& $$ $' end</p>";
    const shell = appShell(dir, {
      draw: async () => ({ status: 200, html, nonce: 'n0', version: 3, drawnAt: 1_800_000_000_000 }),
    });
    const app = Fastify();
    app.get('/*', (request, reply) => shell.send(request, reply));
    const res = await app.inject({ url: '/leaderboards' });
    expect(res.statusCode).toBe(200);
    // Marked as a drawing the service worker may keep (contract/saved-pages.ts).
    expect(res.headers['x-drawn-at']).toBe('1800000000000');
    expect(res.body).toBe(
      '<!doctype html><html><head><title>T</title></head><body>' +
        `<div id="root" data-version="3">${html}</div></body></html>`,
    );
    await app.close();
  });

  it('marks only a drawn page found (200) as one to keep: not the plain shell, not a drawn 404', async () => {
    const pages = [null, { status: 404, html: '<p>Not found</p>', nonce: 'n1', version: 3, drawnAt: 5 }];
    for (const page of pages) {
      const shell = appShell(dir, { draw: async () => page });
      const app = Fastify();
      app.get('/*', (request, reply) => shell.send(request, reply));
      const res = await app.inject({ url: '/racers/nobody' });
      expect(res.headers['x-drawn-at']).toBeUndefined();
      await app.close();
    }
  });
});
