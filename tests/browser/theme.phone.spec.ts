/**
 * The dark theme on a phone: a dark-preferring phone, or one that chose dark, paints dark before
 * the app's script has run (it is blocked here: only the stylesheet and the inline script of
 * index.html count), the server-drawn board included; the choice (a radio group in the footer,
 * keyboard usable) is kept over a reload and offline; charts redraw in the theme's colours.
 */
import { expect, test, type Page } from '@playwright/test';
import { firstTag } from './support';

const DARK_BG = 'rgb(11, 17, 32)';
const LIGHT_BG = 'rgb(243, 245, 250)';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Loads `url` with every script file refused: what shows is the HTML, the CSS and the inline script. */
async function firstPaint(page: Page, url: string): Promise<string> {
  const refused: string[] = [];
  await page.route(/\/assets\/.*\.js$/, (route) => {
    refused.push(route.request().url());
    return route.abort();
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href?.includes('/assets/')));
  expect(refused.some((u) => /\/assets\/app-[^/]+\.js$/.test(u))).toBe(true);
  return bodyBackground(page);
}

test('a dark-preferring phone paints dark before any app script runs', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await firstPaint(page, '/leaderboards')).toBe(DARK_BG);
  // The server's drawing of the board is dark too: its table sits on the dark surface.
  const surface = await page
    .locator('#root table')
    .first()
    .evaluate((t) => getComputedStyle(t.closest('.card') ?? t).backgroundColor)
    .catch(() => null);
  if (surface !== null) expect(surface).not.toBe('rgb(255, 255, 255)');
});

test('a light-preferring phone that chose dark paints dark first; one that chose light stays light', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  expect(await firstPaint(page, '/about')).toBe(DARK_BG);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  await page.reload({ waitUntil: 'load' });
  expect(await bodyBackground(page)).toBe(LIGHT_BG);
});

test('the choice is made with the keyboard, kept over a reload and offline', async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  const group = page.getByRole('group', { name: 'Theme' });
  await expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await bodyBackground(page)).toBe(LIGHT_BG);

  await group.getByRole('radio', { name: 'System' }).focus();
  await page.keyboard.press('ArrowDown'); // Light
  await page.keyboard.press('ArrowDown'); // Dark
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await bodyBackground(page)).toBe(DARK_BG);

  await page.reload();
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await bodyBackground(page)).toBe(DARK_BG);

  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await bodyBackground(page)).toBe(DARK_BG);

  // Back to the system's setting: light here.
  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await bodyBackground(page)).toBe(LIGHT_BG);
  // ...and it follows the system when that turns dark.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await bodyBackground(page)).toBe(DARK_BG);
  await context.setOffline(false);
});

test('a chart redraws in the dark theme when it is chosen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/about');
  const tag = await firstTag(page);
  await page.goto(`/activity?tag=${tag}`);
  await expect(page.locator('.activity-card canvas')).toHaveCount(3, { timeout: 60_000 });
  await page
    .locator('.activity-card canvas')
    .evaluateAll((cs) => cs.forEach((c) => c.setAttribute('data-drawn-light', '')));
  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
  // The chart is drawn anew (new canvases) with the dark axis colour.
  await expect(page.locator('canvas[data-drawn-light]')).toHaveCount(0);
  await expect(page.locator('.activity-card canvas')).toHaveCount(3);
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-chart-axis').trim()),
    )
    .toBe('#a3adc2');
});
