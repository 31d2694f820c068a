/**
 * Offline that holds: every data screen, visited once online, opens with its last data and the
 * offline note (never a failure text or an endless spinner) the first and the second time offline,
 * on a cold start a minute later (a new page; the rolling windows have moved on), and while the
 * browser says online but every /api call fails or a proxy answers 502 for the server (then the
 * banner says the server is not answering). The persisted cache never shrinks along the way;
 * screenshots of the leaderboard, the roster and a
 * racer offline at 1440x900 and 390x844 go to test-results/offline-screens/.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCallsOf, demoScreens, expectSavedScreen, visitAndSave, type Screen } from './offline-screens';
import { persistedQueries } from './support';

const SHOTS = 'test-results/offline-screens';

// Each test goes over every screen (about 20), some waiting out a retry on each: two minutes, not one.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let context: BrowserContext;
let page: Page;
let screens: Screen[];
let savedAfterWarmUp: string[];
let warmedUpAt = 0;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await page.goto('/about');
  screens = await demoScreens(page);
});

test.afterAll(async () => {
  await context?.close();
});

test('warm-up: every screen once online, all saved', async () => {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  for (const screen of screens) await visitAndSave(page, screen);
  savedAfterWarmUp = await persistedQueries(page);
  warmedUpAt = Date.now();
  console.log(`persisted queries after the warm-up: ${savedAfterWarmUp.length}`);
});

for (const pass of ['first', 'second']) {
  test(`offline, the ${pass} open of each screen shows its saved data`, async () => {
    await context.setOffline(true);
    const asked = apiCallsOf(page);
    for (const screen of screens) {
      asked.reset();
      await page.goto(screen.path);
      await expectSavedScreen(page, screen, undefined, asked.calls);
    }
    const saved = await persistedQueries(page);
    console.log(`persisted queries after the ${pass} offline pass: ${saved.length}`);
    expect(saved).toEqual(expect.arrayContaining(savedAfterWarmUp));
  });
}

test('offline, screenshots of the leaderboard, the roster and a racer at desktop and phone sizes', async () => {
  await context.setOffline(true);
  const shown = screens.filter((s) => ['leaderboard 24 hour', 'roster', 'racer batches'].includes(s.name));
  const asked = apiCallsOf(page);
  for (const [label, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const screen of shown) {
      asked.reset();
      await page.goto(screen.path);
      await expectSavedScreen(page, screen, undefined, asked.calls);
      // Offline the "Data as of" dot is not the green of live data.
      if (screen.path.startsWith('/leaderboards'))
        await expect(page.locator('.data-as-of')).toHaveClass(/data-as-of-offline/);
      await page.screenshot({ path: `${SHOTS}/${label}-${screen.name.replace(/ /g, '-')}.png`, fullPage: false });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('online but every API call fails: each screen shows its saved data, the server not answering', async () => {
  await context.setOffline(false);
  await context.route('**/api/**', (route) => route.abort('connectionrefused'));
  try {
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.evaluate(() => navigator.onLine)).resolves.toBe(true);
      // No answer from /api while the site's static files still come: the server, not the network.
      await expectSavedScreen(page, screen, 'The server is not answering');
    }
    expect(await persistedQueries(page)).toEqual(expect.arrayContaining(savedAfterWarmUp));
  } finally {
    await context.unroute('**/api/**');
  }
});

test('a proxy answers 502 for the server: each screen shows its saved data, the server not answering', async () => {
  await context.setOffline(false);
  await context.route('**/api/**', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>502 Bad Gateway</body></html>' }),
  );
  try {
    for (const screen of screens) {
      await page.goto(screen.path);
      await expectSavedScreen(page, screen, 'The server is not answering');
      await expect(page.locator('.banner-offline')).not.toContainText("You're offline");
    }
    expect(await persistedQueries(page)).toEqual(expect.arrayContaining(savedAfterWarmUp));
  } finally {
    await context.unroute('**/api/**');
  }
});

test('offline, a cold start a minute later still shows every screen', async () => {
  await context.setOffline(true);
  // The rolling windows must have moved on since their boards were saved. Real time, not
  // page.clock: its fake Date throws the site-zone calendar (@date-fns/tz) off; the passes
  // online with a failing server come first and fill most of the minute.
  const wait = warmedUpAt + 61_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const cold = await context.newPage();
  const asked = apiCallsOf(cold);
  for (const screen of screens) {
    asked.reset();
    await cold.goto(screen.path);
    await expectSavedScreen(cold, screen, undefined, asked.calls);
  }
  expect(await persistedQueries(cold)).toEqual(expect.arrayContaining(savedAfterWarmUp));
  await cold.close();
});

test('back online, the screen refreshes and the offline note goes away', async () => {
  await context.setOffline(false);
  await page.goto(screens[0].path);
  await expect(screens[0].ready(page)).toBeVisible();
  await expect(page.locator('.data-as-of')).not.toHaveClass(/data-as-of-offline/);
  await expect(page.locator('.banner-offline')).toHaveCount(0);
  await expect(page.locator('.offline-note')).toHaveCount(0);
});

test('offline, a screen never saved says so instead of spinning', async () => {
  await context.setOffline(true);
  try {
    await page.goto('/leaderboards?view=teams&period=monthly');
    await expect(page.locator('.state-offline')).toContainText('not been saved on this device');
    await expect(page.locator('.state-loading')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});
