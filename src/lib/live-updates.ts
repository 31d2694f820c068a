/**
 * Open screens refresh by themselves when the data changes: one EventSource on GET /api/live
 * (contract/live.ts) per tab. A `version` event that differs from the last one seen invalidates
 * every public query (staff data and the login state are left alone), so "Data as of" and the
 * screen on show refetch without a reload. A dropped stream is opened again with backoff, and
 * while it is down a minute timer asks GET /api/site instead: a new "Data as of" invalidates the
 * same queries. Offline (lib/online.ts) and in a hidden tab the stream is simply closed; its
 * errors never make the app count as offline. A page the server drew names the version it shows, so
 * a change between its drawing and the stream's first event is not missed. An answer the server marks as older data (sent while
 * it computed the current, right after a change) invalidates them again a moment later. The
 * server sends one version per collector run (the live version, server/db/data-version.ts), and
 * the refetches it causes go one round at a time (`publicRefresher`): never two identical
 * requests in flight.
 */
import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { LIVE_PATH, LIVE_VERSION_EVENT, type LiveVersion } from '../../contract/live-events';
import { isSessionData } from './session-end';
import { keys } from '../api/keys';
import { siteQueryOptions } from '../api/session';
import { onOlderAnswer } from '../api/client';

/** The part of EventSource used here (a stand-in in unit tests). */
export interface LiveSource {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface LiveUpdateOptions {
  createSource?: (url: string) => LiveSource;
  /** How often GET /api/site is asked while the stream is down. */
  fallbackMs?: number;
  random?: () => number;
  /**
   * The data version the screens on show were drawn from (a page the server drew says it on
   * `#root`). Without it the stream's first version is taken as theirs; with it, a change that
   * landed between the drawing and the stream refreshes them at once.
   */
  shownVersion?: number | null;
}

export const FALLBACK_REFRESH_MS = 60_000;
/** How long after an older answer the screens ask again (the server has computed the current one by then). */
export const OLDER_ANSWER_REFRESH_MS = 2_000;
const MAX_BACKOFF_MS = 60_000;

/** Wait before reconnect number `attempt` (0-based): 1 s doubling to a minute, ±20 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** The version in an event's data, or null for anything else. */
export function parseVersion(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  try {
    const v = (JSON.parse(data) as Partial<LiveVersion>).version;
    return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
  } catch {
    return null;
  }
}

/** What a data change may alter: everything but staff data and the login state. */
export function isPublicQuery(queryKey: QueryKey): boolean {
  return !isSessionData(queryKey) && queryKey[0] !== keys.me[0];
}

export function invalidatePublicQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => isPublicQuery(q.queryKey) });
}

/** A refresh round that has not settled by then no longer holds the next one back. */
export const REFRESH_ROUND_LIMIT_MS = 20_000;

/**
 * Invalidates the public queries, one round at a time: asked again while a round's refetches are
 * in flight, it runs one more round once they are done, however often it was asked meanwhile. A
 * refetch is never cancelled and sent again (the server would compute both), and the screens still
 * end on the newest data. Returns the function that asks, and the one that stops it.
 */
export function publicRefresher(queryClient: QueryClient): { refresh: () => void; stop: () => void } {
  let running = false;
  let again = false;
  let stopped = false;
  let limit: ReturnType<typeof setTimeout> | undefined;
  const refresh = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(limit);
      running = false;
      if (again) {
        again = false;
        refresh();
      }
    };
    limit = setTimeout(finish, REFRESH_ROUND_LIMIT_MS);
    void invalidatePublicQueries(queryClient).then(finish, finish);
  };
  return {
    refresh,
    stop: () => {
      stopped = true;
      clearTimeout(limit);
    },
  };
}

/** Starts the live updates for this tab; returns the stop function. */
export function connectLiveUpdates(queryClient: QueryClient, options: LiveUpdateOptions = {}): () => void {
  const createSource = options.createSource ?? ((url: string) => new EventSource(url));
  const fallbackMs = options.fallbackMs ?? FALLBACK_REFRESH_MS;
  const random = options.random ?? Math.random;
  let source: LiveSource | null = null;
  let attempt = 0;
  let lastVersion: number | null = options.shownVersion ?? null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let fallbackTimer: ReturnType<typeof setInterval> | undefined;
  let olderTimer: ReturnType<typeof setTimeout> | undefined;
  const refresher = publicRefresher(queryClient);

  const onVersion = (version: number) => {
    attempt = 0;
    stopFallback();
    // Without a shown version the first one only sets the baseline: the screens were just fetched.
    if (lastVersion !== null && version !== lastVersion) refresher.refresh();
    lastVersion = version;
  };

  const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

  const open = () => {
    if (source || !onlineManager.isOnline() || hidden()) return;
    const es = createSource(LIVE_PATH);
    source = es;
    // Until this stream's first event (a buffering proxy may hold it forever) the timer stands in.
    startFallback();
    es.addEventListener(LIVE_VERSION_EVENT, (event) => {
      const version = parseVersion(event.data);
      if (source === es && version !== null) onVersion(version);
    });
    es.onerror = () => {
      if (source !== es) return;
      // Reconnects are ours (with backoff), not EventSource's own fixed retry.
      es.close();
      source = null;
      retryTimer = setTimeout(open, reconnectDelay(attempt++, random));
    };
  };

  const close = () => {
    source?.close();
    source = null;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
  };

  const checkSite = async () => {
    if (!onlineManager.isOnline()) return;
    const before = queryClient.getQueryData(siteQueryOptions().queryKey)?.lastPollAt;
    try {
      const site = await queryClient.fetchQuery({ ...siteQueryOptions(), staleTime: 0 });
      if (before !== undefined && site.lastPollAt !== before) refresher.refresh();
    } catch {
      // Unreachable: lib/online.ts has noted it; the next tick tries again.
    }
  };

  function startFallback() {
    if (fallbackTimer === undefined) fallbackTimer = setInterval(() => void checkSite(), fallbackMs);
  }

  function stopFallback() {
    if (fallbackTimer !== undefined) clearInterval(fallbackTimer);
    fallbackTimer = undefined;
  }

  const unsubscribe = onlineManager.subscribe((online) => {
    if (online) {
      attempt = 0;
      close();
      open();
    } else {
      close();
      stopFallback();
    }
  });
  // A hidden tab lets its stream go: browsers allow six connections per site over HTTP/1.1, and a
  // long-lived stream in every background tab would use them up. Shown again, the new stream's
  // first version tells whether anything changed meanwhile.
  const onVisibility = () => {
    if (hidden()) {
      close();
      stopFallback();
    } else {
      attempt = 0;
      open();
    }
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  // Asked again with the older answer's ETag, the server waits for the current one (response-cache.ts).
  const stopOlder = onOlderAnswer(() => {
    olderTimer ??= setTimeout(() => {
      olderTimer = undefined;
      refresher.refresh();
    }, OLDER_ANSWER_REFRESH_MS);
  });
  open();

  return () => {
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    unsubscribe();
    stopOlder();
    if (olderTimer !== undefined) clearTimeout(olderTimer);
    refresher.stop();
    close();
    stopFallback();
  };
}
