/**
 * GET /api/live per client address: one address (request.ip, here the X-Forwarded-For hop the
 * proxy wrote; an IPv6 address counts as its /64, as login throttling counts it) keeps at most 8
 * streams open; the 9th gets 429 with a JSON error and Retry-After, another address is still
 * served, and a closed stream frees its slot.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from './helpers.js';
import { openLiveStream, type LiveStream } from './live-client.js';

const FIRST = '203.0.113.7';
const SECOND = '198.51.100.20';

describe('live streams per client address', () => {
  let t: TestContext;
  let url = '';
  const open: LiveStream[] = [];
  const from = (address: string) => ({ 'x-forwarded-for': address });

  /** Opens a stream from `address` and waits for its first event. */
  async function stream(address: string): Promise<LiveStream> {
    const s = await openLiveStream(url, from(address));
    open.push(s);
    expect(s.status).toBe(200);
    expect((await s.next()).kind).toBe('version');
    return s;
  }

  /** A request that should be refused: its status, Retry-After and JSON body (none when a stream opened). */
  async function refused(address: string) {
    const abort = new AbortController();
    const res = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream', ...from(address) } });
    const retryAfter = res.headers.get('retry-after');
    if (res.status === 200) {
      abort.abort();
      return { status: res.status, retryAfter, body: null };
    }
    return { status: res.status, retryAfter, body: (await res.json()) as unknown };
  }

  beforeAll(async () => {
    t = await testApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/live`;
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });

  it('serves 8 streams to one address, refuses the 9th with 429, and still serves another address', async () => {
    for (let i = 0; i < 8; i++) await stream(FIRST);

    const ninth = await refused(FIRST);
    expect(ninth.status).toBe(429);
    expect(ninth.retryAfter).toBe('30');
    expect(ninth.body).toEqual({ error: 'Too many live streams open from this address (8); close one and try again' });

    await stream(SECOND);
  });

  it('counts an IPv6 address as its /64: eight streams from one network, then 429 from any address in it', async () => {
    for (let i = 1; i <= 8; i++) await stream(`2001:db8:aa:1::${i.toString(16)}`);
    const ninth = await refused('2001:db8:aa:1:ffff:ffff:ffff:ffff');
    expect(ninth.status).toBe(429);
    expect(ninth.body).toEqual({ error: 'Too many live streams open from this address (8); close one and try again' });
    // The next /64 is another subscriber.
    await stream('2001:db8:aa:2::1');
  });

  it('frees a slot when a stream closes: one more is served, and the next is refused again', async () => {
    const first = open[0];
    first.close();
    await first.ended;
    // The server hears the close a moment after the client: ask until the slot is free.
    const deadline = Date.now() + 5000;
    let reopened: LiveStream | null = null;
    while (!reopened && Date.now() < deadline) {
      const s = await openLiveStream(url, from(FIRST));
      if (s.status === 200) reopened = s;
      else {
        s.close();
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(reopened).not.toBeNull();
    open.push(reopened!);
    expect((await reopened!.next()).kind).toBe('version');

    expect((await refused(FIRST)).status).toBe(429);
  });
});
