/**
 * The app's HTML (the built index.html) for page navigations: `/`, deep links such as
 * `/roster?tag=X`, whatever the Accept header, and their HEAD; never /api or a file. For the leaderboard (the home screen) it carries
 * `<link rel=preload as=fetch>` for the first API calls (board-preloads.ts), after the build's own
 * tags, so the board's data travels while the first script (which holds the board) downloads.
 * A first visit to the board also gets the board itself, drawn on the server (page-drawing.ts).
 * The service worker answers later visits with the precached index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withDrawing } from '../../contract/first-paint.js';
import { boardPreloads } from './board-preloads.js';
import type { PageDrawing } from './page-drawing.js';

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export interface AppShell {
  /** Whether a request is a page navigation the app answers (GET or HEAD, not /api, no file extension). */
  isPageRequest: (request: FastifyRequest) => boolean;
  send: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

export function appShell(staticDir: string, tz: string, now: () => Date, drawing: PageDrawing | null): AppShell {
  const built = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');

  const htmlFor = async (request: FastifyRequest): Promise<string> => {
    const calls = boardPreloads(request.url, now(), tz);
    if (calls.length === 0) return built;
    const links = calls.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`);
    // After the build's script (vite/first-script.ts), which takes the page's own connection; the
    // small answers open their own and still arrive long before the script has run.
    const page = built.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
    const drawn = await drawing?.draw(request, calls);
    return (drawn && withDrawing(page, drawn)) ?? page;
  };

  return {
    // Whatever the Accept header: curl sends */*, uptime monitors often nothing at all.
    isPageRequest: (request) => {
      const pathname = request.url.split('?')[0];
      return (
        (request.method === 'GET' || request.method === 'HEAD') &&
        pathname !== '/api' &&
        !pathname.startsWith('/api/') &&
        !path.extname(pathname)
      );
    },
    send: async (request, reply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await htmlFor(request)),
  };
}
