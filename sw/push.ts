/// <reference lib="webworker" />
/**
 * Push messages in the service worker. The server sends a declarative push message (`web_push`:
 * 8030, `notification` with title, body and `navigate`, and `app_badge`), which iOS 18.4 shows by
 * itself; here, on every other browser, the push handler shows the same notification and sets the
 * app badge, and a tap opens the screen it is about (an open window of the app is sent there).
 */

interface DeclarativePush {
  notification?: { title?: string; body?: string; navigate?: string; tag?: string };
  app_badge?: string;
}

type BadgeNavigator = WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void> };

declare const self: ServiceWorkerGlobalScope;

/** The message's data, whatever the push service delivered (a malformed message shows a plain notice). */
function readPush(event: PushEvent): DeclarativePush {
  try {
    return (event.data?.json() ?? {}) as DeclarativePush;
  } catch {
    return {};
  }
}

/** Only addresses of this app are opened. */
function sameOriginPath(raw: string | undefined): string {
  try {
    const url = new URL(raw ?? '/', self.location.origin);
    return url.origin === self.location.origin ? `${url.pathname}${url.search}` : '/';
  } catch {
    return '/';
  }
}

async function showPush(message: DeclarativePush): Promise<void> {
  const n = message.notification ?? {};
  const badge = Number(message.app_badge);
  const nav = self.navigator as BadgeNavigator;
  if (Number.isInteger(badge) && badge >= 0) await nav.setAppBadge?.(badge).catch(() => undefined);
  await self.registration.showNotification(n.title || 'NT Team Stats', {
    body: n.body ?? '',
    tag: n.tag,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    data: { path: sameOriginPath(n.navigate) },
  });
}

/** Sends an open window of the app to `path`, or opens one. */
async function openScreen(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: false });
  const open = windows[0];
  if (open) {
    const moved = await open.navigate(path).catch(() => null);
    await (moved ?? open).focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(path);
}

/** Keeps the worker alive for `work`; an event made by script cannot be extended, so it just runs. */
function extend(event: ExtendableEvent, work: Promise<unknown>): void {
  try {
    event.waitUntil(work);
  } catch {
    void work;
  }
}

export function handlePushes(): void {
  self.addEventListener('push', (event) => extend(event, showPush(readPush(event))));
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = (event.notification.data as { path?: string } | null)?.path ?? '/';
    extend(event, openScreen(path));
  });
}
