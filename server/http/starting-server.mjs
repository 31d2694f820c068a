// The port's answer while the server starts (the app's build in scripts/start.mjs, migrations, the
// demo's first backfill): a plain node:http server that listens at once, so visitors and monitors
// get "getting ready" instead of a refused connection. When the app is ready it takes over the same
// server (`handOver`), with no moment where the port is closed. Plain JavaScript: scripts/start.mjs
// loads it before anything is built.

import http from 'node:http';

export const STARTING_ERROR = 'Starting up…';
/** Seconds a client should wait before asking again (Retry-After, and the page's refresh). */
export const RETRY_AFTER_S = 5;

const startingPage = (waiting) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_S}">
<title>NT Team Stats is starting</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 2rem 1rem; color: #1b1f24; background: #f6f7f9; }
main { max-width: 32rem; margin: 0 auto; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
@media (prefers-color-scheme: dark) { body { color: #e6e8eb; background: #15181c; } }
</style>
</head>
<body>
<main>
<h1>Getting ready…</h1>
<p>NT Team Stats is starting up. The first start builds the site and loads its history, which can take a few minutes.</p>
${waiting ? '<p>It is waiting for its database to answer.</p>\n' : ''}<p>This page reloads by itself every few seconds.</p>
</main>
</body>
</html>
`;

const COMMON_HEADERS = {
  'cache-control': 'no-store',
  'retry-after': String(RETRY_AFTER_S),
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};

function send(req, res, type, body) {
  const bytes = Buffer.from(body);
  res.writeHead(503, { ...COMMON_HEADERS, 'content-type': type, 'content-length': bytes.length });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/**
 * `/api/health` has the health answer's shape (contract/health.ts) with status `starting` (its
 * `error`: `info.waiting`, why the start waits, when set); other `/api` calls and writes get
 * `{ error }`; pages get the "getting ready" page. All 503.
 */
export function answerStarting(req, res, info) {
  const pathname = (req.url ?? '/').split('?')[0];
  if (pathname === '/api/health') {
    return send(
      req,
      res,
      'application/json; charset=utf-8',
      JSON.stringify({
        status: 'starting',
        version: info.version,
        database: { kind: info.databaseKind, reachable: false, latencyMs: null },
        migrations: { current: false, pending: null },
        lastSuccessfulPollAt: null,
        lastSuccessfulPollAgeSeconds: null,
        failingTeams: null,
        checkedAt: new Date().toISOString(),
        error: info.waiting ?? STARTING_ERROR,
      }),
    );
  }
  const page = (req.method === 'GET' || req.method === 'HEAD') && !pathname.startsWith('/api/');
  if (page) return send(req, res, 'text/html; charset=utf-8', startingPage(Boolean(info.waiting)));
  return send(req, res, 'application/json; charset=utf-8', JSON.stringify({ error: STARTING_ERROR }));
}

/**
 * A server answering "starting" until `handOver(handler)` gives its requests to the app.
 * `info`: `{ version, databaseKind }` for the health answer.
 */
export function startingServer(info) {
  const state = { ...info, waiting: undefined };
  let handler = (req, res) => answerStarting(req, res, state);
  const server = http.createServer((req, res) => handler(req, res));
  return {
    server,
    /** Listens on the port; rejects when it is taken. */
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    },
    /** Why the start is waiting (health's `error`, a line on the page), or null when it no longer is. */
    waiting(reason) {
      state.waiting = reason ?? undefined;
    },
    /** From now on every request goes to `next` (the app's request handler). */
    handOver(next) {
      handler = next;
    },
    /**
     * Stops listening, ends idle connections at once and the rest (a live stream, a slow answer)
     * after `graceMs`; resolves when every connection has ended.
     */
    close(graceMs = 3000) {
      if (!server.listening) return Promise.resolve();
      return new Promise((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
