/**
 * The leaderboard drawn on the server for a first visit (no service worker yet): the app's own
 * routes and components (src/server-render.tsx, built by `npm run build` into dist-server/) render
 * the board with the answers of this server's own routes, asked in-process, and the page's HTML
 * carries the rows before the app's script has arrived. Only anonymous visits are drawn (staff
 * see their own view once the app runs); a drawing that fails or takes longer than DRAW_BUDGET_MS
 * leaves the plain shell, which loads as before. Drawings are kept per address, layout and the
 * answers they were drawn from, so a repeat costs a map lookup.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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
  /** The inner HTML of `#root` for this navigation, or null for the plain shell. */
  draw: (request: FastifyRequest) => Promise<string | null>;
}

/** Null when the server bundle was not built (`vite build` alone, unit tests). */
export async function pageDrawing(app: FastifyInstance, staticDir: string): Promise<PageDrawing | null> {
  const file = serverRenderPath(staticDir);
  if (!fs.existsSync(file)) return null;
  const { loadPage } = (await import(pathToFileURL(file).href)) as ServerRender;
  const kept = new Map<string, string>();
  // The ETags of the answers each drawing got, followed through its awaits (drawings may overlap).
  const answersOf = new AsyncLocalStorage<string[]>();
  const send: typeof fetch = async (input) => {
    const res = await app.inject({ method: 'GET', url: String(input), headers: { accept: 'application/json' } });
    answersOf.getStore()?.push(String(res.headers.etag ?? res.body));
    const headers = new Headers();
    for (const name of ['content-type', 'x-older-answer']) {
      const value = res.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
  };

  const draw = async (url: string, narrow: boolean): Promise<string | null> => {
    const etags: string[] = [];
    const page = await answersOf.run(etags, () => loadPage(url, send));
    if (!page) return null;
    // The same answers draw the same page (a rolling board's ETag changes with its minute).
    const key = `${narrow}|${url}|${etags.join(',')}`;
    let html = kept.get(key);
    if (html === undefined) {
      html = withoutInlineStyles(page.render(narrow));
      if (kept.size >= KEPT_DRAWINGS) kept.delete(kept.keys().next().value!);
      kept.set(key, html);
    }
    return html;
  };

  return {
    draw: async (request) => {
      if (SESSION_COOKIE.test(request.headers.cookie ?? '')) return null;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), DRAW_BUDGET_MS);
      });
      try {
        return await Promise.race([draw(request.url, wantsNarrowLayout(request.headers)).catch(() => null), late]);
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
