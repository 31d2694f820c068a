/**
 * Compressed answers: a cached board goes brotli or gzip to a client that accepts it, with its own
 * ETag per encoding; small answers and clients without Accept-Encoding get plain JSON; answers of
 * routes without the cache are compressed too.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBatches, addRacer, addTeam, testApp, type TestContext } from './helpers.js';

const DAY = 'start_time=2026-03-09%2000:00:00&end_time=2026-03-09%2023:59:59';
const BOARD = `/api/individual-leaderboard?${DAY}`;
const CHROME = 'gzip, deflate, br, zstd';
const RACERS = 30;

describe('response compression', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await testApp('pglite', new Date('2026-03-10T18:00:00Z'));
    await addTeam(t.db, 'ALPHA');
    await addTeam(t.db, 'TINY');
    for (let id = 1; id <= RACERS; id++)
      await addRacer(t.db, { userId: id, username: `racer_with_a_rather_long_name_${id}`, tag: 'ALPHA' });
    await addBatches(
      t.db,
      Array.from({ length: RACERS }, (_, i) => ({
        userId: i + 1,
        tag: 'ALPHA',
        endTime: new Date('2026-03-09T15:00:00Z'),
        races: i + 1,
        typed: 1000,
        errs: 10,
        secs: 120,
      })),
    );
  });
  afterAll(() => t.close());

  it('sends a board of more than 1 KB in brotli to a browser, the same JSON as plain', async () => {
    const plain = await t.app.inject(BOARD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json()).toHaveLength(RACERS);

    const br = await t.app.inject({ url: BOARD, headers: { 'accept-encoding': CHROME } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/application\/json/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    // A repeated request sends the kept bytes again.
    const again = await t.app.inject({ url: BOARD, headers: { 'accept-encoding': CHROME } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('gives each encoding its own ETag, and a 304 for the one the client holds', async () => {
    const plain = await t.app.inject(BOARD);
    const br = await t.app.inject({ url: BOARD, headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ url: BOARD, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    const etags = [plain.headers.etag, br.headers.etag, gz.headers.etag];
    expect(new Set(etags).size).toBe(3);

    const notModified = await t.app.inject({
      url: BOARD,
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
    const otherEncoding = await t.app.inject({
      url: BOARD,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag as string },
    });
    expect(otherEncoding.statusCode).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
  });

  it('honours q-values: gzip when brotli is refused, plain when nothing offered is supported', async () => {
    const gz = await t.app.inject({ url: BOARD, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const none = await t.app.inject({ url: BOARD, headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toHaveLength(RACERS);
  });

  it('sends an answer under 1 KB as it is', async () => {
    const small = await t.app.inject({ url: `/api/team-leaderboard?${DAY}`, headers: { 'accept-encoding': CHROME } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveLength(1);
  });

  it('compresses a large answer of a route without the cache', async () => {
    const plain = await t.app.inject('/api/all-usernames');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const gz = await t.app.inject({ url: '/api/all-usernames', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});
