/**
 * A response cache that tests can make busy: an app whose GET /answer/:name answers
 * `{ name, value }` (the value from `answers`, 0 when unset) through a cache with `maxComputing` 2.
 * Every name but `a` holds its computation in `held` until released, so two such requests make
 * the cache busy and a request for `a` then gets its older answer.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database.js';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { ResponseCache } from '../../server/http/response-cache.js';

export interface BusyCache {
  app: FastifyInstance;
  cache: ResponseCache;
  answers: Map<string, number>;
  held: Map<string, () => void>;
  /** A committed data change, as a collector poll makes one. */
  bump: () => Promise<void>;
  close: () => Promise<void>;
}

export async function busyCache(db: Database): Promise<BusyCache> {
  const app = Fastify();
  const cache = new ResponseCache(db, { maxComputing: 2 });
  const answers = new Map<string, number>([['a', 1]]);
  const held = new Map<string, () => void>();
  app.get<{ Params: { name: string } }>('/answer/:name', async (request, reply) => {
    const name = request.params.name;
    const miss = await cache.answer(request, reply, `answer|${name}`, name);
    if (!miss) return reply;
    if (name !== 'a') await new Promise<void>((resolve) => held.set(name, resolve));
    reply.type('application/json');
    return reply.send(cache.complete(miss, reply, JSON.stringify({ name, value: answers.get(name) ?? 0 })));
  });
  await app.ready();
  return {
    app,
    cache,
    answers,
    held,
    bump: async () => db.dataChanges.notify(await db.transaction((tx) => bumpDataVersion(tx))),
    close: async () => {
      cache.close();
      await app.close();
    },
  };
}

/** Resolves once `check` answers true, polling every 5 ms. */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}
