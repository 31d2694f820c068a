/**
 * Whether the server can be reached, as TanStack Query's onlineManager sees it: the browser's
 * online/offline events, and any request that fails while the browser claims to be online (server
 * down, captive Wi-Fi). While offline, queries pause instead of failing, so what a screen shows
 * stays; a small probe (every 15 s, on focus and on the `online` event) finds the server again.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const PROBE_URL = '/api/site';
const PROBE_EVERY_MS = 15_000;

let probeTimer: ReturnType<typeof setInterval> | undefined;

/** The browser's own opinion (true where there is no navigator, as in unit tests). */
function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** A reply from this server, not from a proxy in front of a stopped one or from a captive portal. */
export function isServerReply(status: number, contentType: string | null): boolean {
  if (status === 502 || status === 503 || status === 504) return false;
  return status === 304 || status === 204 || (contentType ?? '').includes('application/json');
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
  } catch {
    // Still unreachable: the next probe tries again.
  }
}

function stopProbe(): void {
  if (probeTimer !== undefined) clearInterval(probeTimer);
  probeTimer = undefined;
}

/** A request got no answer from the server: offline until a request or the probe gets one. */
export function reportUnreachable(): void {
  onlineManager.setOnline(false);
  if (probeTimer === undefined && typeof window !== 'undefined')
    probeTimer = setInterval(() => void probe(), PROBE_EVERY_MS);
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
