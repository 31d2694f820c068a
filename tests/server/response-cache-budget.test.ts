/**
 * The response cache's size budget counts each answer's JSON, its compressed forms and its key: when
 * they no longer fit, the least recently used answers are dropped and computed again when asked for.
 * The number of answers and of shared computations in flight is capped too.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { ResponseCache } from '../../server/http/response-cache.js';
import { freshDatabase } from './helpers.js';

/** About 40 KB of JSON of random hex: brotli only halves it. */
const answers = new Map(['a', 'b'].map((name) => [name, { name, noise: crypto.randomBytes(20_000).toString('hex') }]));

describe('response cache budget', () => {
  let db: Database;
  let cache: ResponseCache;
  const app = Fastify();
  const computed: string[] = [];

  beforeAll(async () => {
    db = await freshDatabase('pglite');
    const jsonBytes = Buffer.byteLength(JSON.stringify(answers.get('a')));
    // Room for two answers as JSON, not for two plus the brotli form of one.
    cache = new ResponseCache(db, { maxBytes: Math.floor(jsonBytes * 2.2) });
    app.get<{ Params: { name: string } }>('/answer/:name', (request, reply) =>
      cache.send(request, reply, request.params.name, async () => {
        computed.push(request.params.name);
        return answers.get(request.params.name);
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    cache.close();
    await app.close();
    await db.close();
  });

  const get = (name: string, encoding?: string) =>
    app.inject({ url: `/answer/${name}`, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('keeps answers while their JSON and compressed forms fit', async () => {
    await get('a');
    await get('b');
    await get('a');
    await get('b');
    expect(computed).toEqual(['a', 'b']);
    expect(cache.size).toBe(2);
  });

  it('drops the least recently used answer once a compressed form no longer fits, and computes it again', async () => {
    const br = await get('a', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(answers.get('a'));
    expect(cache.size).toBe(1);
    await get('a', 'br');
    expect(computed).toEqual(['a', 'b']);
    await get('b');
    expect(computed).toEqual(['a', 'b', 'b']);
  });
});

describe('response cache limits', () => {
  let db: Database;
  const apps: Array<ReturnType<typeof Fastify>> = [];
  const caches: ResponseCache[] = [];

  /** An app answering `/k?key=` with the key's length through a cache of these limits; `hold` waits for `held`. */
  async function appWith(options: ConstructorParameters<typeof ResponseCache>[1]) {
    const cache = new ResponseCache(db, options);
    const app = Fastify();
    const computed: string[] = [];
    const held: Array<() => void> = [];
    app.get<{ Querystring: { key: string; hold?: string } }>('/k', (request, reply) =>
      cache.send(request, reply, request.query.key, async () => {
        computed.push(request.query.key);
        if (request.query.hold) await new Promise<void>((resolve) => held.push(resolve));
        return { key: request.query.key.length };
      }),
    );
    await app.ready();
    apps.push(app);
    caches.push(cache);
    return { app, cache, computed, held };
  }

  beforeAll(async () => {
    db = await freshDatabase('pglite');
  });
  afterAll(async () => {
    for (const c of caches) c.close();
    for (const a of apps) await a.close();
    await db.close();
  });

  it('counts keys in the byte budget: tiny answers under 4,000-character keys fill 40 KB with 4', async () => {
    const { app, cache } = await appWith({ maxBytes: 40_000 });
    // Each costs more than its 4,000-character key at two bytes a character plus the entry's
    // overhead: over 8,000 bytes, so 4 fit in 40,000 and a fifth does not.
    for (let i = 0; i < 10; i++) await app.inject(`/k?key=${String(i).padStart(4000, 'k')}`);
    expect(cache.size).toBe(4);
    expect(cache.stats.bytes).toBeGreaterThan(4 * 8000);
    expect(cache.stats.bytes).toBeLessThanOrEqual(40_000);
  });

  it('keeps at most maxEntries answers, the most recently used', async () => {
    const { app, cache, computed } = await appWith({ maxEntries: 5 });
    for (let i = 0; i < 20; i++) await app.inject(`/k?key=${i}`);
    expect(cache.size).toBe(5);
    // 15 to 19 are kept, 14 is computed again.
    for (const i of [15, 16, 17, 18, 19, 14]) await app.inject(`/k?key=${i}`);
    expect(computed.length).toBe(21);
    expect(computed.at(-1)).toBe('14');
  });

  it('shares at most maxPending computations; the others compute their own and all are answered', async () => {
    const { app, cache, held } = await appWith({ maxPending: 4 });
    const requests = Array.from({ length: 10 }, (_, i) => app.inject(`/k?key=held${i}&hold=1`));
    while (held.length < 10) await new Promise((r) => setTimeout(r, 5));
    expect(cache.stats.computing).toBe(4);
    for (const release of held) release();
    const answers = await Promise.all(requests);
    answers.forEach((a, i) => expect(a.json()).toEqual({ key: `held${i}`.length }));
    expect(cache.stats.computing).toBe(0);
  });
});
