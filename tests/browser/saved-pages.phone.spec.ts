/**
 * Saved pages (sw/saved-pages.ts, src/lib/saved-pages.ts) on a phone: a screen shown online and
 * logged out is kept as the server drew it; the next visit to its address, offline too, gets
 * that HTML with its rows at once and the app hydrates it (no hydration error, the controls
 * work); saved answers newer than the page win once it is hydrated; nothing is kept for someone
 * logged in.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, appReady, firstTag, getJson, logIn } from './support';

const ROWS = 'table.data-table tbody tr:not(.empty-row)';

function isKept(page: Page, address: string): Promise<boolean> {
  return page.evaluate(
    (key) => caches.match(new URL(key, location.origin).href, { cacheName: 'nt-pages' }).then((r) => r !== undefined),
    address,
  );
}

async function serviceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
}

/** A page React could not hydrate as drawn; production builds give the error's number (react.dev/errors). */
const HYDRATION_ERROR = /hydrat|Minified React error #(418|422|423|425)/i;

/** The hydration errors React reports on `page`. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) errors.push(error.message);
  });
  return errors;
}

test('a board and a racer page seen once open offline from their saved HTML, hydrated and working', async ({
  page,
  context,
}) => {
  const errors = hydrationErrors(page);
  await page.goto('/leaderboards?view=teams');
  const firstRow = page.locator(ROWS).first();
  await expect(firstRow).toBeVisible();
  const firstRowText = (await firstRow.textContent())?.trim() ?? '';
  await serviceWorkerControls(page);
  await expect.poll(() => isKept(page, '/leaderboards?view=teams'), { timeout: 20_000 }).toBe(true);

  // A racer page opened next is kept too.
  const tag = await firstTag(page);
  const racer = (await getJson<{ Username: string }[]>(page, `/api/current-display-names?tag=${tag}`))[0].Username;
  await page.goto(`/racers/${racer}`);
  await expect(page.getByRole('main')).toContainText(racer);
  await expect.poll(() => isKept(page, `/racers/${racer}`), { timeout: 20_000 }).toBe(true);

  await context.setOffline(true);
  for (const attempt of [1, 2]) {
    const response = await page.goto('/leaderboards?view=teams');
    expect(response?.fromServiceWorker(), `attempt ${attempt}`).toBe(true);
    const html = (await response?.text()) ?? '';
    // The rows are in the HTML, with the router's hydration data.
    expect(html).toContain('class="data-table');
    expect(html).toContain('$_TSR');
    await expect(firstRow).toHaveText(firstRowText);
  }
  // It is the app: the tabs work, offline too.
  await page.getByRole('tab', { name: '7 Day' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('7day');
  const racerPage = await page.goto(`/racers/${racer}`);
  expect(await racerPage?.text()).toContain('$_TSR');
  await expect(page.getByRole('main')).toContainText(racer);
  expect(errors).toEqual([]);
});

test('every team screen and the notifications page open again from their kept HTML as they were drawn', async ({
  page,
}) => {
  // The team picker's list came a moment after the app started, from the worker's cache, and
  // changed a part of the page React had not hydrated yet: React threw the drawing away (#418).
  const errors = hydrationErrors(page);
  const tags = await getJson<string[]>(page, '/api/team-tags');
  const tag = tags[0];
  const screens = [
    `/roster?tag=${tag}`,
    `/health?tag=${tag}`,
    `/events?tag=${tag}`,
    `/activity?tag=${tag}`,
    `/trackers/${tag}`,
    `/trackers/${tag}?tab=weekly`,
    `/free-agents?tag=${tag}`,
    '/notifications',
  ];
  for (const screen of screens) {
    await page.goto(screen);
    await appReady(page);
    await serviceWorkerControls(page);
    await expect.poll(() => isKept(page, screen), { timeout: 20_000, message: screen }).toBe(true);
    const response = await page.goto(screen);
    expect(response?.fromServiceWorker(), screen).toBe(true);
    const html = (await response?.text()) ?? '';
    expect(html, screen).toContain('$_TSR');
    await appReady(page);
    expect(errors, screen).toEqual([]);
    // A team screen's picker is drawn with every team, as the app shows it.
    if (screen !== '/notifications') for (const t of tags) expect(html, screen).toContain(`<option value="${t}"`);
  }
});

test('saved answers newer than the kept page are shown once it is hydrated', async ({ page, context }) => {
  const errors = hydrationErrors(page);
  await page.goto('/leaderboards?view=teams');
  const asOf = page.locator('.data-as-of time');
  await expect(asOf).toBeVisible();
  const before = (await asOf.getAttribute('datetime')) ?? '';
  await serviceWorkerControls(page);
  await expect.poll(() => isKept(page, '/leaderboards?view=teams'), { timeout: 20_000 }).toBe(true);

  // A poll lands while the board is open: the app shows it and saves it; the kept page stays older.
  expect(await (await page.request.post('/e2e/poll', { data: {} })).json()).toEqual({ ok: 4, failed: 0 });
  await expect(asOf).not.toHaveAttribute('datetime', before, { timeout: 15_000 });
  const after = (await asOf.getAttribute('datetime')) ?? '';
  await page.waitForTimeout(1500); // the query cache is written to IndexedDB a moment after it changes

  await context.setOffline(true);
  const response = await page.reload();
  // React writes the attribute as dateTime; HTML does not mind.
  expect((await response?.text())?.toLowerCase()).toContain(`datetime="${before.toLowerCase()}"`);
  await expect(asOf).toHaveAttribute('datetime', after, { timeout: 10_000 });
  expect(errors).toEqual([]);
});

test('a page drawn hours ago hydrates as it was drawn, then moves on to now', async ({ page, context }) => {
  const errors = hydrationErrors(page);
  const countdown = page.locator('.lb-countdown');
  // The server three hours behind: the weekly board and its kept page are drawn with that clock.
  await page.request.post('/e2e/clock', { data: { shiftMs: -3 * 3600_000 } });
  let address = '';
  try {
    await page.goto('/leaderboards?view=teams&period=weekly');
    await expect(countdown).toBeVisible();
    address = new URL(page.url()).pathname + new URL(page.url()).search;
    await serviceWorkerControls(page);
    await expect.poll(() => isKept(page, address), { timeout: 20_000 }).toBe(true);
  } finally {
    await page.request.post('/e2e/clock', { data: { shiftMs: 0 } });
  }
  await context.setOffline(true);
  const response = await page.goto(address);
  expect(response?.fromServiceWorker()).toBe(true);
  const kept = /class="lb-countdown">([^<]+)</.exec((await response?.text()) ?? '')?.[1] ?? '';
  expect(kept).toMatch(/^Ends in /);
  // Hydrated with the drawing's clock (no mismatch), then the countdown moves to now: 3 h less.
  await expect(countdown).not.toHaveText(kept, { timeout: 10_000 });
  expect(errors).toEqual([]);
});

test('nothing is kept or answered once someone is logged in', async ({ page }) => {
  await page.goto('/leaderboards?view=teams');
  await expect(page.locator(ROWS).first()).toBeVisible();
  await serviceWorkerControls(page);
  await expect.poll(() => isKept(page, '/leaderboards?view=teams'), { timeout: 20_000 }).toBe(true);
  await logIn(page, ADMIN);
  // Logged in, the kept pages go at once (no screen shown since): the next visit is not one drawn for nobody.
  await expect.poll(() => isKept(page, '/leaderboards?view=teams')).toBe(false);
  const visit = await page.goto('/leaderboards?view=teams');
  expect(await visit?.text()).toContain('<div id="root"></div>');
  await expect(page.locator('.account-name')).toHaveText(ADMIN.username);
  const response = await page.reload();
  expect(await response?.text()).toContain('<div id="root"></div>');
  await expect(page.locator(ROWS).first()).toBeVisible();
  await page.waitForTimeout(4000);
  expect(await isKept(page, '/leaderboards?view=teams')).toBe(false);
});
