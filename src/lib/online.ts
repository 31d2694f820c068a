/**
 * Whether the server can be reached, as TanStack Query's onlineManager sees it: the browser's
 * online/offline events, and any request that fails while the browser claims to be online (server
 * down, captive Wi-Fi). While offline, queries pause instead of failing, so what a screen shows
 * stays; a small probe (every 15 s, on focus and on the `online` event) finds the server again.
 * Why it is unreachable is kept beside (`useOfflineReason`): 'server' when a proxy answers for it
 * (502/503/504), or when a request gets no answer while the browser is online and a static file
 * of the site still comes (the app server restarting behind the web server); 'network' when the
 * browser says it is offline or another page answers (a captive portal); 'unreachable' when the
 * browser is online and nothing of the site answers (a stopped server with no proxy in front, or
 * a signal too weak to tell): the app cannot know which, so it does not say "offline".
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const PROBE_URL = '/api/site';
const PROBE_EVERY_MS = 15_000;
/** A small static file; the query keeps it out of the service worker's precache and any cache. */
const STATIC_PROBE_URL = '/robots.txt';

export type OfflineReason = 'network' | 'server' | 'unreachable';
/** How the app words each reason, first in the offline banner and the screens' offline notes. */
export const OFFLINE_LEAD: Record<OfflineReason, string> = {
  network: "You're offline",
  server: 'The server is not answering',
  unreachable: "Can't reach the server",
};
let reason: OfflineReason = 'network';
const reasonListeners = new Set<() => void>();

function setReason(next: OfflineReason): void {
  if (next === reason) return;
  reason = next;
  reasonListeners.forEach((listener) => listener());
}

let probeTimer: ReturnType<typeof setInterval> | undefined;

/** The browser's own opinion (true where there is no navigator, as in unit tests). */
function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** A proxy's answer for the server behind it (stopped, restarting or too slow). */
export function isProxyFailure(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/** A reply from this server, not from a proxy in front of a stopped one or from a captive portal. */
export function isServerReply(status: number, contentType: string | null): boolean {
  if (isProxyFailure(status)) return false;
  return status === 304 || status === 204 || (contentType ?? '').includes('application/json');
}

/** No answer at all: offline if the browser says so; else the server if the site's static files still come. */
async function checkWhyNoAnswer(): Promise<void> {
  if (!browserOnline()) return setReason('network');
  try {
    await fetch(`${STATIC_PROBE_URL}?probe=${Date.now()}`, { cache: 'no-store', credentials: 'same-origin' });
    setReason('server');
  } catch {
    setReason(browserOnline() ? 'unreachable' : 'network');
  }
}

async function probe(): Promise<void> {
  if (!browserOnline()) return;
  try {
    const res = await fetch(PROBE_URL, {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (isServerReply(res.status, res.headers.get('content-type'))) reportReachable();
    else if (isProxyFailure(res.status)) setReason('server');
  } catch {
    // Still unreachable (the next probe tries again); the reason may have changed.
    await checkWhyNoAnswer();
  }
}

function stopProbe(): void {
  if (probeTimer !== undefined) clearInterval(probeTimer);
  probeTimer = undefined;
}

/**
 * A request got no answer from the server: offline until a request or the probe gets one.
 * `answer` is what came instead: a proxy's failure, another page (a captive portal), or nothing.
 */
export function reportUnreachable(answer: 'proxy-failure' | 'not-the-server' | 'none'): void {
  onlineManager.setOnline(false);
  if (typeof window === 'undefined') return;
  if (answer === 'proxy-failure') setReason('server');
  else if (answer === 'not-the-server') setReason('network');
  else void checkWhyNoAnswer();
  if (probeTimer === undefined) probeTimer = setInterval(() => void probe(), PROBE_EVERY_MS);
}

/** The server answered: online again (paused queries resume, stale ones refetch). */
export function reportReachable(): void {
  stopProbe();
  if (browserOnline()) onlineManager.setOnline(true);
}

/** Feeds the onlineManager from the browser's events, starting from `navigator.onLine` (a cold start offline). */
export function connectOnlineManager(): void {
  onlineManager.setEventListener((setOnline) => {
    const online = () => {
      // Optimistic: the first request that fails turns it back off.
      stopProbe();
      setOnline(true);
    };
    const offline = () => {
      stopProbe();
      setReason('network');
      setOnline(false);
    };
    const recheck = () => {
      if (!onlineManager.isOnline() && document.visibilityState === 'visible') void probe();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    setOnline(navigator.onLine);
    if (!navigator.onLine) setReason('network');
    return () => {
      stopProbe();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  });
}

/** Whether the server is reachable, as a React hook. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** Why the server is unreachable, while it is (meaningless while online), as a React hook. */
export function useOfflineReason(): OfflineReason {
  return useSyncExternalStore(
    (onChange) => {
      reasonListeners.add(onChange);
      return () => reasonListeners.delete(onChange);
    },
    () => reason,
    () => 'network',
  );
}
