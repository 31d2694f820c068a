/**
 * The leaderboard drawn on the server for a first visit (no service worker yet): the app's own
 * routes and components (src/server-render.tsx, built by `npm run build` into dist-server/) render
 * the board with the answers of this server's own routes, asked in-process, and the page's HTML
 * carries the rows before the app's script has arrived. Only anonymous visits are drawn (staff
 * see their own view once the app runs); a drawing that fails or takes longer than DRAW_BUDGET_MS
 * leaves the plain shell, which loads as before, and is finished for the next visitor. Drawings
 * are kept per address, layout and the ETags of the page's first calls (board-preloads.ts: the
 * board now and before, the site settings, the login state), so a repeat costs those cached
 * answers' lookups and no rendering.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What src/server-render.tsx exports. */
interface ServerRender {
  loadPage: (url: string, send: typeof fetch) => Promise<{ render: (narrow: boolean) => string } | null>;
}

/** Past this the page goes out without rows: the app's script is on its way by then anyway. */
const DRAW_BUDGET_MS = 250;
const KEPT_DRAWINGS = 32;
const SESSION_COOKIE = /(?:^|;\s*)sid=/;
const BOARD_CALL = /^\/api\/(team|individual)-leaderboard\?/;

/** The server bundle beside the static folder: `<staticDir>/../dist-server/server-render.js`. */
export function serverRenderPath(staticDir: string): string {
  return path.join(path.dirname(staticDir), 'dist-server', 'server-render.js');
}

/** A phone's layout (the table's column order) when the browser says it is a mobile one. */
export function wantsNarrowLayout(headers: FastifyRequest['headers']): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint === '?1';
  return /Mobi|iPhone|iPod/i.test(headers['user-agent'] ?? '');
}

export interface PageDrawing {
  /** The inner HTML of `#root` for this navigation, whose first API calls are `calls`; null for the plain shell. */
  draw: (request: FastifyRequest, calls: string[]) => Promise<string | null>;
}

/** Null when the server bundle was not built (`vite build` alone, unit tests). */
export async function pageDrawing(app: FastifyInstance, staticDir: string): Promise<PageDrawing | null> {
  const file = serverRenderPath(staticDir);
  if (!fs.existsSync(file)) return null;
  const { loadPage } = (await import(pathToFileURL(file).href)) as ServerRender;
  const kept = new Map<string, string>();

  const ask = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
  const send: typeof fetch = async (input) => {
    const res = await ask(String(input));
    const headers = new Headers();
    for (const name of ['content-type', 'x-older-answer']) {
      const value = res.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
  };

  const draw = async (url: string, calls: string[], narrow: boolean): Promise<string | null> => {
    // The same answers draw the same page (a rolling board's address changes with the minute).
    // An answer without an ETag (the login state) is short: it stands for itself.
    const answers = await Promise.all(calls.map(ask));
    const key = [narrow, url, ...answers.map((res) => res.headers.etag ?? res.body)].join('|');
    const same = kept.get(key);
    if (same !== undefined) return same;
    const page = await loadPage(url, send);
    if (!page) return null;
    const html = withoutInlineStyles(page.render(narrow));
    if (kept.size >= KEPT_DRAWINGS) kept.delete(kept.keys().next().value!);
    kept.set(key, html);
    return html;
  };

  return {
    draw: async (request, calls) => {
      if (SESSION_COOKIE.test(request.headers.cookie ?? '')) return null;
      // Only a board the address names fully (its answers are among the calls, and key the drawing).
      if (!calls.some((call) => BOARD_CALL.test(call))) return null;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), DRAW_BUDGET_MS);
      });
      try {
        const drawing = draw(request.url, calls, wantsNarrowLayout(request.headers)).catch(() => null);
        return await Promise.race([drawing, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The page's CSP allows no style attributes in HTML; React sets the same styles through the DOM. */
function withoutInlineStyles(html: string): string {
  return html.replace(/ style="[^"]*"/g, '');
}
