/**
 * /api/docs opened in a browser the service worker controls: the server's docs page, not the
 * app shell the worker serves for page navigations; readable at phone width, and styled by its own
 * inline style, which its policy allows by hash (no Content-Security-Policy report in the console).
 */
import { expect, test } from '@playwright/test';

test('the service worker lets /api/docs through to the server', async ({ page }) => {
  await page.goto('/about');
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });

  const res = await page.goto('/api/docs');
  expect(res?.headers()['content-type']).toBe('text/html; charset=utf-8');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('NT Team Stats API');
  await expect(page.locator('section.op').filter({ hasText: '/api/team-info' })).toContainText('tag');
  // Not the app: no app shell root was served.
  await expect(page.locator('#root')).toHaveCount(0);

  const json = await page.goto('/api/docs/json');
  expect(json?.status()).toBe(200);
  expect(Object.keys(((await json?.json()) as { paths: object }).paths)).toContain('/api/health');
});

test('the docs page fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the docs page is styled within the Content-Security-Policy', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // body{max-width:60rem} and .method{background:#e8eef8} from the page's own style.
  expect(await page.locator('body').evaluate((el) => getComputedStyle(el).maxWidth)).toBe('960px');
  const getMethod = page.locator('section.op .method.get').first();
  expect(await getMethod.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(232, 238, 248)');
  expect(
    await page
      .locator('section.op')
      .first()
      .evaluate((el) => getComputedStyle(el).borderTopLeftRadius),
  ).toBe('6px');
  expect(refused).toEqual([]);
});
