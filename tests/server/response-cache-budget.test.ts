/**
 * The response cache's size budget counts each answer's JSON and its compressed forms: when they no
 * longer fit, the least recently used answers are dropped and computed again when asked for.
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
