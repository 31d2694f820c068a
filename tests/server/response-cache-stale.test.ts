/**
 * The response cache while busy: once `maxComputing` computations run, a request whose answer is
 * not kept yet gets the newest older answer of its address (with that answer's ETag) instead of
 * queueing; a lone request, or one naming an ETag (its client shows an answer already), always
 * gets the current answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { busyCache, until } from './busy-cache.js';
import { freshDatabase } from './helpers.js';

const db = await freshDatabase('pglite');
const { app, cache, answers, held, bump, close } = await busyCache(db);

describe('response cache while busy', () => {
  afterAll(async () => {
    await close();
    await db.close();
  });

  it('serves the previous answer while two computations run, the new one once they are done', async () => {
    const first = await app.inject('/answer/a');
    expect(first.json()).toEqual({ name: 'a', value: 1 });
    answers.set('a', 2);
    await bump();

    // Two other addresses start computing and hold.
    const b = app.inject('/answer/b');
    const c = app.inject('/answer/c');
    await until(() => held.size === 2);
    const busy = await app.inject('/answer/a');
    expect(busy.json()).toEqual({ name: 'a', value: 1 });
    expect(busy.headers.etag).toBe(first.headers.etag);
    expect(busy.headers['x-older-answer']).toBe('1');
    expect(first.headers['x-older-answer']).toBeUndefined();
    expect(cache.staleHits).toBe(1);

    for (const release of held.values()) release();
    expect((await b).statusCode).toBe(200);
    expect((await c).statusCode).toBe(200);
    const fresh = await app.inject({ url: '/answer/a', headers: { 'if-none-match': first.headers.etag as string } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ name: 'a', value: 2 });
    expect(fresh.headers.etag).not.toBe(first.headers.etag);
    expect(fresh.headers['x-older-answer']).toBeUndefined();
  });

  it('makes a client that names an ETag wait for the current answer, not get the older one again', async () => {
    held.clear();
    const shown = await app.inject('/answer/a');
    answers.set('a', 3);
    await bump();
    const b = app.inject('/answer/b');
    const c = app.inject('/answer/c');
    await until(() => held.size === 2);
    const staleBefore = cache.staleHits;
    // The refetch after a change notice (or the client's own write) carries the ETag it holds.
    const refetch = await app.inject({ url: '/answer/a', headers: { 'if-none-match': shown.headers.etag as string } });
    expect(refetch.statusCode).toBe(200);
    expect(refetch.json()).toEqual({ name: 'a', value: 3 });
    expect(refetch.headers.etag).not.toBe(shown.headers.etag);
    expect(cache.staleHits).toBe(staleBefore);
    for (const release of held.values()) release();
    await b;
    await c;
  });

  it('makes a request without an older answer compute its own', async () => {
    held.clear();
    await bump();
    const b = app.inject('/answer/b');
    const c = app.inject('/answer/c');
    await until(() => held.size === 2);
    const d = app.inject('/answer/d');
    // d has no older answer: it computes (and holds) even though two computations run.
    await until(() => held.has('d'));
    for (const release of held.values()) release();
    expect((await d).json()).toEqual({ name: 'd', value: 0 });
    expect((await b).json()).toEqual({ name: 'b', value: 0 });
    await c;
  });
});
