/**
 * Caches the GETs whose contract endpoint declares `cache: 'data'` or `'minute'` (contract/endpoint.ts
 * `CachePolicy`) in one ResponseCache (response-cache.ts), so route modules need no cache code: a
 * repeat costs a map lookup, or a 304 when the client holds the ETag. A route that declares a
 * shared policy yet has a guard of its own (`onRequest`, `preValidation`, `preHandler`) is refused
 * at registration. An answer is kept only when it is a 200 with a JSON body, no cookie and no
 * `no-store` / `private` Cache-Control (response-cache.ts `complete`).
 *
 * Keys: the route and its validated path parameters and query (the values the contract's zod
 * schemas parsed, keys sorted), or the route's `config.cacheKey`, and the data version. A query
 * parameter the schema does not name is ignored for the key, as the route ignores it (zod's
 * objects strip unknown keys), so a flood of made-up query strings shares one answer; a route
 * with no query schema is keyed without its query. `minute` answers (they read the clock: rolling
 * windows, "today", event status) are keyed by the site minute as well, so they roll at most a
 * minute late; `data` answers keep their answer (and ETag) for the whole data version.
 * While the cache is busy computing (after a poll's write emptied it, or at a new minute), a request
 * may get the newest older answer of the same address (response-cache.ts `answer`).
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { CachePolicy } from '../../../contract/endpoint.js';
import type { App, AppDeps } from '../context.js';
import { ResponseCache, type Miss, type ResponseCacheOptions } from '../response-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint's cache policy (set by endpoint-route.ts). */
    cache?: CachePolicy;
    /** The cache key of a request, when two spellings of a query mean the same answer; null: do not cache. */
    cacheKey?: (request: FastifyRequest) => string | null;
  }
  interface FastifyRequest {
    cacheMiss?: Miss | null;
  }
  interface FastifyInstance {
    /** The cache of public GETs (its `stats` for tests and benchmarks). */
    publicCache: ResponseCache;
  }
}

const MINUTE_MS = 60_000;

function hasGuard(route: RouteOptions): boolean {
  const present = (h: unknown) => (Array.isArray(h) ? h.length > 0 : h !== undefined && h !== null);
  return present(route.onRequest) || present(route.preValidation) || present(route.preHandler);
}

/** How the route's answers are shared: its declared policy, for a GET under /api; null: not cached. */
export function sharedPolicy(route: RouteOptions): 'data' | 'minute' | null {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.length !== 1 || methods[0] !== 'GET' || !route.url.startsWith('/api/')) return null;
  const policy = route.config?.cache;
  if (policy !== 'data' && policy !== 'minute') return null;
  if (hasGuard(route)) throw new Error(`GET ${route.url} has a guard of its own: its answers are never shared`);
  return policy;
}

/** JSON with every object's keys in a fixed order: two spellings of the same input give one text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? {}, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * The request's key: its route, its path parameters and its query as validated. Runs after
 * validation (preHandler), when `request.params` and `request.query` hold what the schemas parsed.
 */
export function validatedKey(request: FastifyRequest): string {
  const { url, schema } = request.routeOptions;
  const query = schema?.querystring ? request.query : {};
  return `${url}|${canonicalJson(request.params)}|${canonicalJson(query)}`;
}

/**
 * Registers the cache on the root app, before any plugin that adds hooks to every route (compression
 * adds `onRequest` and `onSend`): it then sees each route's own guards, and keeps answers before
 * they are compressed.
 */
export function registerPublicCache(app: App, { db, now }: AppDeps, options: ResponseCacheOptions = {}): void {
  const cache = new ResponseCache(db, options);
  app.decorate('publicCache', cache);
  app.decorateRequest('cacheMiss', null);
  app.addHook('onClose', async () => cache.close());

  app.addHook('onRoute', (route) => {
    const policy = sharedPolicy(route);
    if (!policy) return;
    const byMinute = policy === 'minute';
    const keyOf = route.config?.cacheKey;

    const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const own = keyOf ? keyOf(request) : validatedKey(request);
      if (own === null) return;
      const key = byMinute ? `${own}|${Math.floor(now().getTime() / MINUTE_MS)}` : own;
      const miss = await cache.answer(request, reply, key, own);
      if (!miss) return reply;
      request.cacheMiss = miss;
    };
    // The route's first onSend hook: the answer is kept as serialized, before compression.
    const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const miss = request.cacheMiss;
      if (!miss) return payload;
      request.cacheMiss = null;
      return cache.complete(miss, reply, payload);
    };
    const onResponse = async (request: FastifyRequest) => {
      if (request.cacheMiss) cache.abandon(request.cacheMiss);
    };

    route.preHandler = [preHandler];
    route.onSend = [onSend, ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : [])];
    route.onResponse = [
      onResponse,
      ...(Array.isArray(route.onResponse) ? route.onResponse : route.onResponse ? [route.onResponse] : []),
    ];
  });
}
