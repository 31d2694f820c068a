/**
 * The app's HTML (the built index.html) for page navigations: `/`, deep links such as
 * `/roster?tag=X`, never /api or a file. For the leaderboard (the home screen) it carries
 * `<link rel=preload as=fetch>` for the first API calls (board-preloads.ts), after the build's own
 * tags, so the board's data travels while the first script (which holds the board) downloads.
 * The service worker answers later visits with the precached index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { boardPreloads } from './board-preloads.js';

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export interface AppShell {
  /** Whether a request is a page navigation the app answers (GET, not /api, no file extension, wants HTML). */
  isPageRequest: (request: FastifyRequest) => boolean;
  send: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

export function appShell(staticDir: string, tz: string, now: () => Date): AppShell {
  const built = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');

  const htmlFor = (url: string): string => {
    const calls = boardPreloads(url, now(), tz);
    if (calls.length === 0) return built;
    const links = calls.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`);
    // After the build's script (vite/first-script.ts), which takes the page's own connection; the
    // small answers open their own and still arrive long before the script has run.
    return built.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  };

  return {
    isPageRequest: (request) =>
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0]) &&
      (request.headers.accept ?? '').includes('text/html'),
    send: (request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(htmlFor(request.url)),
  };
}
