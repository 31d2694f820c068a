/**
 * Service-worker registration (workbox-window, loaded only then) and the "update available" state:
 * a new version waits until the person chooses Reload, then takes over and the page reloads once.
 * Registration waits for the page's load and an idle moment, so the worker's precache does not
 * compete with the first screen for bandwidth.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  listeners.forEach((l) => l());
}

/** Registers /sw.js in production builds; a waiting new version raises the update prompt. */
async function registerServiceWorker(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => setUpdateWaiting(true));
  void workbox.register();
  // Look for a new version when the app comes back to the foreground, and every hour.
  const check = () => void workbox?.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, 3600_000);
}

/** Registers the service worker once the page has loaded and the browser is idle (production builds only). */
export function registerServiceWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void registerServiceWorker().catch(() => undefined);
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: 2000 })
      : setTimeout(register, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) {
    window.location.reload();
    return;
  }
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

export function dismissUpdate(): void {
  setUpdateWaiting(false);
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => updateWaiting,
    () => false,
  );
}
