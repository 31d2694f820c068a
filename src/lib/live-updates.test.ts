/** The app side of GET /api/live: baseline and refresh, backoff, offline, and the minute fallback. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { connectLiveUpdates, isPublicQuery, parseVersion, reconnectDelay, type LiveSource } from './live-updates';
import { keys } from '../api/keys';
import { apiGet } from '../api/client';

/** An EventSource stand-in: the test plays the server's events and errors. */
class FakeSource implements LiveSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, (event: { data?: unknown }) => void>();
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  version(v: number) {
    this.listeners.get('version')?.({ data: JSON.stringify({ version: v }) });
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

const SITE = { timezone: 'America/Chicago', chatUrl: null, lastPollAt: '2026-03-10T18:00:00.000Z', demo: false };
const BOARD = ['team-leaderboard', { rolling: '24hour' }];
const STAFF = ['staff', 'users'];

let client: QueryClient;
let stop: () => void;

function isStale(key: readonly unknown[]) {
  return client.getQueryCache().find({ queryKey: key, exact: true })?.isStale() ?? false;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.all = [];
  client = createQueryClient();
  client.setQueryData(keys.site, SITE);
  client.setQueryData(BOARD, []);
  client.setQueryData(STAFF, []);
  client.setQueryData(keys.me, { logged_in: false });
  // Fresh for far longer than any test: only an invalidation makes them stale.
  client.setDefaultOptions({ queries: { staleTime: Infinity } });
  stop = connectLiveUpdates(client, {
    createSource: (url) => new FakeSource(url),
    fallbackMs: 60_000,
    random: () => 0.5,
  });
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('pure rules', () => {
  it('backs off from 1 s, doubling to a minute, with ±20 % jitter', () => {
    expect([0, 1, 2, 3, 5, 6, 20].map((a) => reconnectDelay(a, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 32_000, 60_000, 60_000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });

  it('reads only a whole, non-negative version', () => {
    expect(parseVersion('{"version":7}')).toBe(7);
    expect(parseVersion('{"version":-1}')).toBeNull();
    expect(parseVersion('{"version":1.5}')).toBeNull();
    expect(parseVersion('not json')).toBeNull();
    expect(parseVersion(undefined)).toBeNull();
  });

  it('treats staff data and the login state as not public', () => {
    expect(isPublicQuery(['site'])).toBe(true);
    expect(isPublicQuery(BOARD)).toBe(true);
    expect(isPublicQuery(STAFF)).toBe(false);
    expect(isPublicQuery(['staff', 'my-team-tag'])).toBe(false);
    expect(isPublicQuery(keys.me)).toBe(false);
  });
});

describe('the live stream', () => {
  it('asks again two seconds after the server sent older data while computing the current', async () => {
    const older = (marked: boolean) =>
      new Response('[]', {
        status: 200,
        headers: { 'Content-Type': 'application/json', ...(marked ? { 'X-Older-Answer': '1' } : {}) },
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => older(false)),
    );
    await apiGet('/api/team-tags');
    vi.advanceTimersByTime(5_000);
    expect(isStale(BOARD)).toBe(false);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => older(true)),
    );
    await apiGet('/api/team-tags');
    await apiGet('/api/site');
    vi.advanceTimersByTime(1_999);
    expect(isStale(BOARD)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isStale(BOARD)).toBe(true);
    expect(isStale(keys.site)).toBe(true);
    expect(isStale(STAFF)).toBe(false);
  });

  it('opens one stream; its first version is the baseline, a new one invalidates the public queries only', () => {
    expect(FakeSource.all.map((s) => s.url)).toEqual(['/api/live']);
    const s = FakeSource.all[0];
    s.version(4);
    expect(isStale(keys.site)).toBe(false);
    s.version(4);
    expect(isStale(BOARD)).toBe(false);
    s.version(5);
    expect(isStale(keys.site)).toBe(true);
    expect(isStale(BOARD)).toBe(true);
    expect(isStale(STAFF)).toBe(false);
    expect(isStale(keys.me)).toBe(false);
  });

  it('refreshes a drawn page at once when the stream first says a newer version than the one it shows', () => {
    stop();
    FakeSource.all = [];
    stop = connectLiveUpdates(client, { createSource: (url) => new FakeSource(url), shownVersion: 4 });
    FakeSource.all[0].version(4);
    expect(isStale(BOARD)).toBe(false);
    FakeSource.all[0].version(5);
    expect(isStale(BOARD)).toBe(true);

    stop();
    client.setQueryData(BOARD, []);
    FakeSource.all = [];
    stop = connectLiveUpdates(client, { createSource: (url) => new FakeSource(url), shownVersion: 4 });
    FakeSource.all[0].version(5);
    expect(isStale(BOARD)).toBe(true);
    expect(isStale(STAFF)).toBe(false);
  });

  it('never has two identical requests in flight: versions during a refetch make one more round after it', async () => {
    const WEEK = ['team-leaderboard', { rolling: '7day' }];
    const calls: Array<(rows: unknown[]) => void> = [];
    client.setQueryData(WEEK, []);
    // A screen on show: its query is active, so an invalidation refetches it.
    const unsubscribe = new QueryObserver(client, {
      queryKey: WEEK,
      queryFn: () => new Promise<unknown[]>((resolve) => calls.push(resolve)),
    }).subscribe(() => undefined);
    try {
      const s = FakeSource.all[0];
      s.version(4);
      s.version(5);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(1);
      // Two more changes while that request is out: no second request for the same screen...
      s.version(6);
      s.version(7);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(1);
      // ...but one more round once it is answered, so the screen ends on the newest data.
      calls[0]([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      calls[1]([]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toHaveLength(2);
    } finally {
      unsubscribe();
    }
  });

  it('reconnects with backoff after an error, and a version missed meanwhile still refreshes', () => {
    FakeSource.all[0].version(4);
    FakeSource.all[0].fail();
    expect(FakeSource.all[0].closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.all).toHaveLength(2);
    // The second attempt fails too: the next waits 2 s.
    FakeSource.all[1].fail();
    vi.advanceTimersByTime(1999);
    expect(FakeSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSource.all).toHaveLength(3);
    FakeSource.all[2].version(6);
    expect(isStale(BOARD)).toBe(true);
  });

  it('closes the stream offline without reconnecting, and opens a new one when back online', () => {
    onlineManager.setOnline(false);
    expect(FakeSource.all[0].closed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(FakeSource.all).toHaveLength(1);
    expect(onlineManager.isOnline()).toBe(false);
    onlineManager.setOnline(true);
    expect(FakeSource.all).toHaveLength(2);
    expect(FakeSource.all[1].closed).toBe(false);
  });

  it('while no stream answers, asks /api/site every minute and refreshes when "Data as of" moved', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...SITE, lastPollAt: '2026-03-10T18:10:00.000Z' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(isStale(BOARD)).toBe(true);
    // Once the stream speaks, the timer stops.
    FakeSource.all[0].version(9);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('lets the stream go while the tab is hidden and opens a new one when it is shown', () => {
    stop();
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('document', page);
    FakeSource.all = [];
    stop = connectLiveUpdates(client, {
      createSource: (url) => new FakeSource(url),
      fallbackMs: 60_000,
      random: () => 0.5,
    });
    FakeSource.all[0].version(4);
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSource.all[0].closed).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(FakeSource.all).toHaveLength(1);
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSource.all).toHaveLength(2);
    FakeSource.all[1].version(4);
    expect(isStale(BOARD)).toBe(false);
    FakeSource.all[1].version(5);
    expect(isStale(BOARD)).toBe(true);
  });
});
