/** Builds the Fastify app: JSON API under /api, the built SPA and its deep links. */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from './context.js';
import { isConnectionError } from '../db/connection-errors.js';
import { readLiveVersion } from '../db/data-version.js';
import { appShell } from './app-shell.js';
import { pageDrawing } from './page-drawing.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerAuth } from './plugins/auth.js';
import { registerPublicCache } from './plugins/public-cache.js';
import type { ResponseCacheOptions } from './response-cache.js';
import { registerTextGuard } from './plugins/text-guard.js';
import { fastifyTrustProxy } from './proxy-trust.js';
import { noteRequestError, registerRequestLog } from './request-log.js';
import { registerSecurityHeaders } from './security-headers.js';
import { routeModules } from './routes/index.js';

export interface BuildOptions {
  /** Folder of the built SPA (vite build output); not served when absent. */
  staticDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Limits of the public GET cache (plugins/public-cache.ts); its defaults otherwise. */
  responseCache?: ResponseCacheOptions;
  /** How long a page may take to draw before the plain shell goes instead (page-drawing.ts). */
  drawBudgetMs?: number;
  /** Serve through this server instead of one of Fastify's own (main.ts: the start-up server, handed over when ready). */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

export const DATABASE_AWAY = 'The database is not answering; try again shortly';
const DATABASE_AWAY_RETRY_S = 5;

export const LOG_REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    // request-log.ts writes one line per request at most, and only the failed or slow ones at info.
    logController: new LogController({ disableRequestLogging: true }),
    // Only behind a reverse proxy may X-Forwarded-For name the client (login throttling keys on it),
    // and then only its right-most hops that no trusted proxy added.
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 256 * 1024,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((err, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      const where = field ? `${field}: ` : '';
      return reply.code(400).send({ error: `${where}${first?.message ?? 'Invalid request'}` });
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: (err as Error).message || 'Bad request' });
    }
    // The database is away (restart, failover, network): the request may succeed in a moment.
    // Its one log line (request-log.ts) says 503 at warn.
    if (isConnectionError(err)) {
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_AWAY_RETRY_S))
        .header('Cache-Control', 'no-store')
        .send({ error: DATABASE_AWAY });
    }
    noteRequestError(request, err as Error);
    return reply.code(500).send({ error: 'Internal server error' });
  });

  registerRequestLog(app as unknown as App);
  await registerSecurityHeaders(app);
  // Every public GET under /api is cached (plugins/public-cache.ts); registered first to see each
  // route's own guards.
  registerPublicCache(app as unknown as App, deps, options.responseCache);
  // Answers of 1 KB and more go compressed to clients that accept it; cached answers come
  // compressed already (response-cache.ts) and are left as they are.
  await app.register(compress, { global: true });
  await app.register(cookie);
  registerAuth(app, deps);
  registerTextGuard(app);
  await registerApiDocs(app as unknown as App);

  await app.register(
    async (api) => {
      api.setNotFoundHandler((_req, reply) => reply.code(404).send({ error: 'Not found' }));
      for (const mod of routeModules) await mod(api as App, deps);
    },
    { prefix: '/api' },
  );

  const staticDir = options.staticDir;
  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    const shell = appShell(
      staticDir,
      await pageDrawing(app, staticDir, {
        // The live version: the app's live stream (GET /api/live) compares its events with it.
        readVersion: () => readLiveVersion(deps.db),
        budgetMs: options.drawBudgetMs,
        now: deps.now,
      }),
    );
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // `/` is a page like any other (app-shell.ts), not the plain index.html.
      index: false,
      // The build writes .br and .gz beside each hashed file under assets/ (vite/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest')) {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
    // Pages and deep links (/, /roster?tag=X, /racers/name) get the app shell; unknown files stay 404.
    app.setNotFoundHandler((request, reply) => {
      if (shell.isPageRequest(request)) return shell.send(request, reply);
      return reply.code(404).send({ error: 'Not found' });
    });
  }
  return app as unknown as App;
}
