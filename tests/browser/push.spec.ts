/**
 * Push notifications in Chromium. The settings screen turns them on and off for this device (the
 * browser's push subscription is replaced by one pointing at the test server, since headless
 * Chromium has no push service), says so when offline, blocked or unsupported, and clears the
 * app badge when the app is opened. The service worker's push handler is driven through the
 * DevTools protocol (ServiceWorker.deliverPushMessage): it shows the notification, sets the badge,
 * and a tap on the notification opens its screen.
 */
import crypto from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { demoData } from './screens';

const SHOTS = process.env.SCREEN_SHOTS_DIR;

/** A subscription as a browser makes it, its endpoint on the test server's sink. */
function fakeSubscription(baseURL: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${baseURL}/e2e/push-sink/${crypto.randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
}

/** Replaces PushManager's subscribe / getSubscription with the fake subscription (kept in localStorage). */
async function useFakePush(context: BrowserContext, sub: ReturnType<typeof fakeSubscription>) {
  await context.addInitScript((s) => {
    const subscription = {
      endpoint: s.endpoint,
      expirationTime: null,
      options: {},
      getKey: () => null,
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => {
        localStorage.removeItem('fakePush');
        return true;
      },
    };
    PushManager.prototype.getSubscription = async () =>
      (localStorage.getItem('fakePush') ? subscription : null) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem('fakePush', '1');
      return subscription as unknown as PushSubscription;
    };
    // Records the badge being cleared.
    (window as unknown as { badgeCleared: number }).badgeCleared = 0;
    navigator.clearAppBadge = async () => {
      (window as unknown as { badgeCleared: number }).badgeCleared++;
    };
  }, sub);
}

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
}

async function readSettings(page: Page, endpoint: string) {
  const res = await page.request.post('/api/push/subscription/read', { data: { endpoint } });
  return (await res.json()) as { subscribed: boolean; choices: Record<string, unknown> | null };
}

test('turns notifications on and off for this device, and says when offline', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const sub = fakeSubscription(baseURL!);
  await useFakePush(context, sub);
  const page = await context.newPage();
  await page.goto('/about');
  const { username, tag } = await demoData(page);
  await page.evaluate(
    ([u, t]) => localStorage.setItem('myRacer', JSON.stringify({ username: u, displayName: u, teamTag: t })),
    [username, tag],
  );
  await controlled(page);
  await page.goto('/notifications');
  await expect(page.getByTestId('push-status')).toHaveText('Off for this device.');
  expect(await page.evaluate(() => (window as unknown as { badgeCleared: number }).badgeCleared)).toBeGreaterThan(0);
  await page.getByLabel('For').selectOption('team');
  await page.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notifications are on for this device.' })).toBeVisible();
  await expect(page.getByTestId('push-status')).toHaveText('On for this device.');
  expect(await readSettings(page, sub.endpoint)).toEqual({
    subscribed: true,
    choices: {
      username,
      passedBoard: '24hour',
      passedScope: 'team',
      eventEnded: true,
      requirementRisk: true,
      staffSummary: false,
    },
  });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notifications-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('push-status')).toHaveText('On for this device.');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notifications-390.png`, fullPage: true });

  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(page.getByText("You're offline. Notification settings need a connection")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Turn off on this device' })).toBeDisabled();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notifications-offline-390.png`, fullPage: true });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));

  await page.getByRole('button', { name: 'Turn off on this device' }).click();
  await expect(page.getByTestId('push-status')).toHaveText('Off for this device.');
  expect(await readSettings(page, sub.endpoint)).toEqual({ subscribed: false, choices: null });
  await context.close();
});

test('says when notifications are blocked or the browser cannot receive them', async ({ browser }) => {
  const blocked = await browser.newContext();
  await blocked.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
  const page = await blocked.newPage();
  await page.goto('/notifications');
  await expect(page.getByText('Notifications are blocked for this site: allow them')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeDisabled();
  await blocked.close();

  const unsupported = await browser.newContext();
  await unsupported.addInitScript(() => {
    delete (window as unknown as { PushManager?: unknown }).PushManager;
  });
  const other = await unsupported.newPage();
  await other.goto('/notifications');
  await expect(other.getByText('This browser cannot receive notifications from web apps.')).toBeVisible();
  await unsupported.close();
});

test('the service worker shows a pushed message, sets the badge and opens its screen', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await page.goto('/about');
  await controlled(page);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // Records the badge the handler sets (the real call has no visible effect in headless Chromium).
  await worker.evaluate(() => {
    const sw = self as unknown as { badges: number[]; navigator: { setAppBadge?: (n?: number) => Promise<void> } };
    sw.badges = [];
    sw.navigator.setAppBadge = async (n?: number) => {
      sw.badges.push(n ?? 0);
    };
  });
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)).toBeTruthy();
  const registrationId = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)!.registrationId;
  const message = {
    web_push: 8030,
    notification: {
      title: 'Someone passed you',
      body: 'You are now #2 on the 24-hour board (was #1); bea is just ahead.',
      navigate: `${baseURL}/leaderboards?view=individuals&period=24hour`,
      tag: 'passed',
    },
    app_badge: '3',
    mutable: true,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId,
    data: JSON.stringify(message),
  });
  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        data: n.data as unknown,
      })),
    );
  await expect.poll(shown).toEqual([
    {
      title: message.notification.title,
      body: message.notification.body,
      data: { path: '/leaderboards?view=individuals&period=24hour' },
    },
  ]);
  expect(await worker.evaluate(() => (self as unknown as { badges: number[] }).badges)).toEqual([3]);
  // A tap: the notification's click event, as the system sends it.
  await worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await sw.registration.getNotifications();
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(/\/leaderboards\?view=individuals&period=24hour$/);
  await expect.poll(shown).toEqual([]);
  await context.close();
});
