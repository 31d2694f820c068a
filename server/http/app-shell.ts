/**
 * The app's HTML (the built index.html) for page navigations: `/`, deep links such as
 * `/roster?tag=X`, whatever the Accept header, and their HEAD; never /api or a file. An anonymous
 * visit gets the page drawn on the server inside `#root` (page-drawing.ts), with a
 * Content-Security-Policy that lets its hydration scripts run by their nonce; a redirect of the
 * app's (`/` goes to the board) is answered as one. The service worker answers later visits,
 * with the drawing of a page it kept (`X-Drawn-At` marks one) or the plain shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DRAWN_AT_HEADER } from '../../contract/saved-pages.js';
import type { PageDrawing } from './page-drawing.js';
import { contentSecurityPolicyWith } from './security-headers.js';

const ROOT = '<div id="root"></div>';

export interface AppShell {
  /** Whether a request is a page navigation the app answers (GET or HEAD, not /api, no file extension). */
  isPageRequest: (request: FastifyRequest) => boolean;
  send: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

export function appShell(staticDir: string, drawing: PageDrawing | null): AppShell {
  const built = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  // A drawing goes into the built page's empty root.
  const drawable = built.includes(ROOT) ? drawing : null;

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
    send: async (request, reply) => {
      const page = await drawable?.draw(request);
      reply.header('Cache-Control', 'no-cache');
      if (page && 'redirect' in page) return reply.redirect(page.redirect, 302);
      if (!page) return reply.type('text/html; charset=utf-8').send(built);
      // A drawn page the service worker may keep for later visits (contract/saved-pages.ts).
      if (page.status === 200) reply.header(DRAWN_AT_HEADER, String(page.drawnAt));
      // A function, not a string: a `$&` or `$\`` in the page (a display name) is text, not a pattern.
      return reply
        .code(page.status)
        .header('Content-Security-Policy', contentSecurityPolicyWith({ 'script-src': [`'nonce-${page.nonce}'`] }))
        .type('text/html; charset=utf-8')
        .send(built.replace(ROOT, () => `<div id="root" data-version="${page.version}">${page.html}</div>`));
    },
  };
}
