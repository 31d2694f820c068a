/**
 * The board drawn on the server for a first visit (server/http/page-drawing.ts,
 * src/server-render.tsx): the HTML carries the leaderboard's rows, in the phone's column order on a
 * phone, before any script has run; the app then replaces the drawing with its own rows and works;
 * staff, and pages other than the board, get the plain page.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, logIn } from './support';

const ROWS = 'table.data-table tbody tr:not(.empty-row)';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

async function pageHtml(request: APIRequestContext, path: string, userAgent: string): Promise<string> {
  const res = await request.get(path, { headers: { Accept: 'text/html', 'User-Agent': userAgent } });
  expect(res.status()).toBe(200);
  return res.text();
}

/** The column headers of the first table in `html`, in order. */
function headers(html: string): string[] {
  const head = /<thead>(.*?)<\/thead>/.exec(html)?.[1] ?? '';
  return [...head.matchAll(/<th[^>]*>(?:<button[^>]*><span>)?([^<]+)/g)].map((m) => m[1]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, userAgent: PHONE_UA });

  test('a first visit shows the board with its rows, ranked by points', async ({ page }) => {
    await page.goto('/leaderboards');
    await expect(page.getByRole('heading', { name: 'Leaderboards' })).toBeVisible();
    const rows = page.locator(ROWS);
    // The demo community's four teams, every one with races in the last 24 hours.
    await expect(rows).toHaveCount(4);
    await expect(rows.first().locator('.rank-badge')).toHaveText('1');
    const points = await rows.locator('td.lb-points').allTextContents();
    const numbers = points.map((p) => Number(p.replace(/,/g, '')));
    expect(numbers.every((n) => n > 0)).toBe(true);
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
    // Its links are plain links: a team's roster opens without the app.
    await expect(rows.first().locator('a.lb-tag')).toHaveAttribute('href', /^\/roster\?tag=/);
  });
});

test('a phone gets the phone column order, a desktop the desktop one', async ({ request }) => {
  const phone = await pageHtml(request, '/leaderboards', PHONE_UA);
  const desktop = await pageHtml(request, '/', DESKTOP_UA);
  expect(phone).toContain('<div id="root"><div class="first-paint" aria-busy="true">');
  expect(desktop).toContain('<div id="root"><div class="first-paint" aria-busy="true">');
  expect(headers(phone)).toEqual(['Rank', 'Team Tag', 'Points', 'Races', 'Accuracy', 'WPM']);
  expect(headers(desktop)).toEqual(['Rank', 'Team Tag', 'Races', 'Accuracy', 'WPM', 'Points']);
  // The page's CSP allows no style attributes.
  expect(phone).not.toMatch(/ style="/);
});

test('the app replaces the drawing with its own rows and works', async ({ page }) => {
  const response = await page.goto('/leaderboards');
  const html = (await response?.text()) ?? '';
  const drawnFirstTag = /class="lb-tag" href="[^"]*">([^<]+)</.exec(html)?.[1];
  expect(drawnFirstTag).toBeTruthy();
  await expect(page.locator('.first-paint')).toHaveCount(0);
  await expect(page.locator(ROWS).first().locator('a.lb-tag')).toHaveText(drawnFirstTag!);
  await page.getByRole('tab', { name: '7 Day' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('7day');
});

test('staff and other pages get the plain page', async ({ page }) => {
  expect(await pageHtml(page.request, '/roster', PHONE_UA)).toContain('<div id="root"></div>');
  await page.goto('/about');
  await logIn(page, ADMIN);
  // page.request sends the browser's cookies, the session's among them.
  expect(await pageHtml(page.request, '/leaderboards', PHONE_UA)).toContain('<div id="root"></div>');
});
