/**
 * Live updates: a leaderboard left open shows the new "Data as of" after a collector poll, without
 * a reload, through GET /api/live (straight from the server, never from the service worker).
 */
import { expect, test } from '@playwright/test';
import { getJson } from './support';

test('an open leaderboard updates "Data as of" after a collector poll, without a reload', async ({ page }) => {
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live');
  await page.goto('/leaderboards?view=teams');
  const asOf = page.locator('.data-as-of time');
  await expect(asOf).toBeVisible();
  const before = await asOf.getAttribute('datetime');
  expect(before).toBe((await getJson<{ lastPollAt: string }>(page, '/api/site')).lastPollAt);

  const live = await stream;
  expect(live.status()).toBe(200);
  expect(live.headers()['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(live.fromServiceWorker()).toBe(false);

  // A reload would drop this mark.
  await page.evaluate(() => document.body.setAttribute('data-same-page', 'yes'));
  const poll = await page.request.post('/e2e/poll', { data: {} });
  expect(await poll.json()).toEqual({ ok: 4, failed: 0 });
  // While another computation of /api/site runs (the page refetching after the live event), the
  // server may answer the previous one once instead of queueing (response-cache.ts).
  let after = '';
  await expect
    .poll(async () => (after = (await getJson<{ lastPollAt: string }>(page, '/api/site')).lastPollAt))
    .not.toBe(before);

  await expect(asOf).toHaveAttribute('datetime', after, { timeout: 10_000 });
  await expect(page.locator('body')).toHaveAttribute('data-same-page', 'yes');
});

test('a page the server drew before a poll refreshes as soon as its stream opens after it', async ({ page }) => {
  // The stream is held until the poll has landed: the page shows older data than its first event.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/live', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/leaderboards?view=teams');
  const drawn = await page.locator('#root').getAttribute('data-version');
  expect(drawn).toMatch(/^\d+$/);
  const asOf = page.locator('.data-as-of time');
  const before = await asOf.getAttribute('datetime');
  expect(await (await page.request.post('/e2e/poll', { data: {} })).json()).toEqual({ ok: 4, failed: 0 });
  await expect.poll(async () => (await getJson<{ lastPollAt: string }>(page, '/api/site')).lastPollAt).not.toBe(before);
  release();
  await expect(asOf).not.toHaveAttribute('datetime', before!, { timeout: 10_000 });
});

test('once the service worker controls the page, the stream still comes from the server', async ({ page }) => {
  await page.goto('/leaderboards?view=teams');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const live = await stream;
  expect(live.fromServiceWorker()).toBe(false);
  expect(live.headers()['x-accel-buffering']).toBe('no');
});

test('a stream the server cannot open is tried again with backoff and leaves the app online', async ({ page }) => {
  let tries = 0;
  await page.route('**/api/live', (route) => {
    tries++;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"error":"Too many live streams open; try again later"}',
    });
  });
  await page.goto('/leaderboards?view=teams');
  await expect(page.locator('.data-as-of time')).toBeVisible();
  // The first try, then again after about 1 s and 2 s more.
  await expect.poll(() => tries, { timeout: 8_000 }).toBeGreaterThanOrEqual(3);
  await expect(page.locator('.banner-offline')).toHaveCount(0);
  await expect(page.locator('.data-as-of')).not.toHaveClass(/data-as-of-offline/);
});
