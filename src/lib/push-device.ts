/**
 * This device's web push: whether the browser can receive it, its subscription (made for the
 * server's VAPID key, saved on the server with the chosen messages), and the app badge, cleared
 * (and the server told, so its count starts again) whenever the app is opened or comes back.
 */
import type { PushChoices, PushSettings } from '../../contract/push';
import { call } from '../api/client';
import { routes } from '../api/routes';

export type PushSupport = 'supported' | 'unsupported' | 'needs-install';

/** iPhone and iPad deliver push only to a web app opened from the Home Screen. */
function isAppleMobile(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

function isInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  if (!('PushManager' in window) || !('Notification' in window)) {
    return isAppleMobile() && !isInstalled() ? 'needs-install' : 'unsupported';
  }
  return 'supported';
}

/** The page's service worker registration; null in builds without one (development). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** The saved choices of this device, or not subscribed (the browser's subscription is the device's identity). */
export async function deviceSettings(): Promise<PushSettings> {
  const sub = await currentSubscription();
  if (!sub) return { subscribed: false, choices: null };
  return call(routes.pushSubscriptionSettings, { body: { endpoint: sub.endpoint } });
}

/**
 * Subscribes (once) and saves the choices. Ask for permission first, inside the tap: iOS grants it
 * only then, so `Notification.requestPermission()` is the caller's first call.
 */
export async function saveDeviceChoices(choices: PushChoices): Promise<PushSettings> {
  const reg = (await registration()) ?? (await navigator.serviceWorker.ready);
  let sub = await reg.pushManager.getSubscription();
  if (!sub) {
    const { publicKey } = await call(routes.pushKey);
    sub = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
        c.charCodeAt(0),
      ),
    });
  }
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return call(routes.savePushSubscription, { body: { ...choices, subscription: json } });
}

/** Stops messages to this device: the server forgets it, then the browser drops the subscription. */
export async function turnOffDevice(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await call(routes.removePushSubscription, { body: { endpoint: sub.endpoint } }).catch((err: unknown) => {
    // Already unknown to the server: nothing more to undo there.
    if (!(err instanceof Error && 'status' in err && (err as { status: number }).status === 404)) throw err;
  });
  await sub.unsubscribe();
}

async function markSeen(): Promise<void> {
  void (navigator as Navigator & { clearAppBadge?: () => Promise<void> }).clearAppBadge?.().catch(() => undefined);
  const sub = await currentSubscription().catch(() => null);
  if (sub) await call(routes.markPushSeen, { body: { endpoint: sub.endpoint } }).catch(() => undefined);
}

/** Clears the badge now and each time the app comes back to the foreground. */
export function clearBadgeWhenSeen(): void {
  if (typeof document === 'undefined') return;
  void markSeen();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void markSeen();
  });
}
