/**
 * The saved first paint (src/lib/first-paint.ts, sw/first-paint.ts) on a phone: after a visit to
 * the leaderboard, the service worker answers that address with the board's rows already in the
 * HTML, the app then draws its own, another address gets the plain page, and nothing is kept for
 * someone logged in.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logIn } from './support';

const ROWS = 'table.data-table tbody tr:not(.empty-row)';

function hasSavedDrawing(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    caches.match('/first-paint.html', { cacheName: 'nt-first-paint' }).then((r) => r !== undefined),
  );
}

async function visitBoard(page: Page): Promise<string> {
  await page.goto('/leaderboards');
  const firstRow = page.locator(ROWS).first();
  await expect(firstRow).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  await expect.poll(() => hasSavedDrawing(page), { timeout: 15_000 }).toBe(true);
  return (await firstRow.textContent())?.trim() ?? '';
}

test('the next visit gets the board in its HTML, then the app draws its own rows', async ({ page }) => {
  const firstRowText = await visitBoard(page);
  const response = await page.reload();
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<div id="root"><div class="first-paint" aria-busy="true">');
  expect(html).toContain('class="data-table');
  expect(html).not.toMatch(/ style="/);
  // The app replaces the drawing with its own rendering.
  await expect(page.locator('.first-paint')).toHaveCount(0);
  await expect(page.locator(ROWS).first()).toHaveText(firstRowText);
  // And it is the app: the tabs work.
  await page.getByRole('tab', { name: '7 Day' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('7day');
});

test('another address gets the plain page', async ({ page }) => {
  await visitBoard(page);
  const response = await page.goto('/leaderboards?view=individuals');
  expect(await response?.text()).toContain('<div id="root"></div>');
  await expect(page.locator(ROWS).first()).toBeVisible();
});

test('nothing is kept while someone is logged in', async ({ page }) => {
  await visitBoard(page);
  await logIn(page, ADMIN);
  await expect.poll(() => hasSavedDrawing(page)).toBe(false);
  const response = await page.reload();
  expect(await response?.text()).toContain('<div id="root"></div>');
  await expect(page.locator(ROWS).first()).toBeVisible();
  // Still nothing after the board has shown again.
  await page.waitForTimeout(1500);
  expect(await hasSavedDrawing(page)).toBe(false);
});
