/**
 * The built app runs under its Content-Security-Policy: no screen (charts, tables, dialogs, the
 * service worker, an export) makes the browser refuse anything, and the app refuses to be framed.
 */
import { expect, test, type Page } from '@playwright/test';

function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

test('every screen loads without a Content-Security-Policy violation', async ({ page }) => {
  const violations = cspViolations(page);
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const tags = (await (await page.request.get('/api/team-tags')).json()) as string[];
  const [racer] = (await (await page.request.get(`/api/current-display-names?tag=${tags[0]}`)).json()) as {
    Username: string;
  }[];
  for (const url of [
    `/roster?tag=${tags[0]}`,
    `/activity?tag=${tags[0]}`,
    `/events?tag=${tags[0]}`,
    `/trackers/${tags[0]}`,
    '/racers',
    // The racer pages' code takes the contract's limits: zod's probe for eval must not come with them.
    `/racers/${racer.Username}`,
    '/about',
    '/admin',
  ]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  expect(violations).toEqual([]);
});

test('another site cannot show the app in a frame', async ({ page, baseURL }) => {
  await page.route('http://framer.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe id="f" src="${baseURL}/admin"></iframe>` }),
  );
  await page.goto('http://framer.test/');
  await expect.poll(() => page.frames().length).toBe(2);
  const child = page.frames()[1];
  await child.waitForLoadState('load');
  // Refused by frame-ancestors, the frame holds the browser's error page instead of the app.
  const appInside = await child.evaluate(() => document.getElementById('root') !== null).catch(() => false);
  expect(appInside).toBe(false);
  expect(child.url()).not.toBe(`${baseURL}/admin`);
});
