/**
 * Pages drawn on the server for anonymous visits: src/server-render.tsx (built by `npm run build`
 * into dist-server/) renders the app's own routes with the answers of this server's own API, asked
 * in-process (so through the response cache), and the page carries its query cache for the app to
 * hydrate. A visit with a session cookie, a drawing that fails (a failed answer) or that takes
 * longer than DRAW_BUDGET_MS gets the plain shell, which loads as the app always does; so does
 * any visit while MAX_DRAWINGS are under way, which bounds the work anonymous traffic can cause.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OLDER_ANSWER_HEADER } from '../../contract/live-events.js';

/** What src/server-render.tsx exports. */
interface ServerRender {
  drawPage: (request: {
    url: string;
    narrow: boolean;
    nonce: string;
    drawnAt: number;
    send: typeof fetch;
  }) => Promise<Response>;
}

/** Past this the page goes out without rows: the app's script is on its way by then anyway. */
const DRAW_BUDGET_MS = 400;
const MAX_DRAWINGS = 2;
const SESSION_COOKIE = /(?:^|;\s*)sid=/;

/**
 * A drawn page: its status, `#root`'s inner HTML with the nonce its scripts carry, the data
 * version read before drawing (the app's live updates start from it) and the clock it was drawn
 * at (the app hydrates with it), or a redirect.
 */
export type DrawnPage =
  { status: number; html: string; nonce: string; version: number; drawnAt: number } | { redirect: string };

export interface PageDrawing {
  /** The page for this navigation, or null for the plain shell. */
  draw: (request: FastifyRequest) => Promise<DrawnPage | null>;
}

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

/** Null when the server bundle was not built (`vite build` alone, unit tests). */
export async function pageDrawing(
  app: FastifyInstance,
  staticDir: string,
  {
    readVersion,
    budgetMs = DRAW_BUDGET_MS,
    now = () => new Date(),
  }: { readVersion: () => Promise<number>; budgetMs?: number; now?: () => Date },
): Promise<PageDrawing | null> {
  const file = serverRenderPath(staticDir);
  if (!fs.existsSync(file)) return null;
  const { drawPage } = (await import(pathToFileURL(file).href)) as ServerRender;
  let drawing = 0;

  /** Asks this server's API in-process; notes an older answer the busy cache gave (response-cache.ts). */
  const sender =
    (seen: { older: boolean }): typeof fetch =>
    async (input) => {
      const res = await app.inject({ method: 'GET', url: String(input), headers: { accept: 'application/json' } });
      if (res.headers[OLDER_ANSWER_HEADER.toLowerCase()] !== undefined) seen.older = true;
      const type = res.headers['content-type'];
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: typeof type === 'string' ? { 'content-type': type } : {},
      });
    };

  const draw = async (request: FastifyRequest): Promise<DrawnPage | null> => {
    const nonce = randomBytes(16).toString('base64');
    // Read first: a change committed while drawing makes the page older than it says, never newer.
    const version = await readVersion();
    const drawnAt = now().getTime();
    const seen = { older: false };
    const res = await drawPage({
      drawnAt,
      url: `http://localhost${request.url}`,
      narrow: wantsNarrowLayout(request.headers),
      nonce,
      send: sender(seen),
    });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const target = new URL(location, 'http://localhost');
      return { redirect: target.pathname + target.search };
    }
    if (res.status !== 200 && res.status !== 404) return null;
    const html = withoutInlineStyles(withoutDoctype(await res.text()));
    // A page drawn from an older answer says it shows the version before, so the app's live
    // updates refetch it at the stream's first event instead of taking it for current.
    return { status: res.status, html, nonce, version: seen.older ? version - 1 : version, drawnAt };
  };

  return {
    draw: async (request) => {
      // HEAD is drawn as GET is (its body dropped), so it answers the same redirect or 404.
      if ((request.method !== 'GET' && request.method !== 'HEAD') || SESSION_COOKIE.test(request.headers.cookie ?? ''))
        return null;
      if (drawing >= MAX_DRAWINGS) return null;
      drawing++;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), budgetMs);
      });
      const drawn = draw(request)
        .catch(() => null)
        .finally(() => drawing--);
      try {
        return await Promise.race([drawn, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The router's HTML answer is a document; the page's `#root` takes only its body. */
function withoutDoctype(html: string): string {
  return html.replace(/^<!DOCTYPE html>/i, '');
}

/** The page's CSP allows no style attributes in HTML (the components give theirs once hydrated). */
function withoutInlineStyles(html: string): string {
  return html.replace(/ style="[^"]*"/g, '');
}
