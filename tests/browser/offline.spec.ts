/**
 * Offline that holds: every data screen, visited once online, opens with its last data and the
 * offline note (never a failure text or an endless spinner) the first and the second time offline,
 * on a cold start a minute later (a new page; the rolling windows have moved on), and while the browser says online but every /api call fails.
 * The persisted cache never shrinks along the way; screenshots of the leaderboard, the roster and a
 * racer offline at 1440x900 and 390x844 go to test-results/offline-screens/.
 */
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { firstTag, getJson, persistedQueries } from './support';

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Locator;
  /** Whether the screen carries its own "Offline, data from" note (the banner is on every screen). */
  note: boolean;
  /** How the queries it saves begin: a key's first part, or a longer start of its hash. */
  saves: string[];
}

const SHOTS = 'test-results/offline-screens';

const rows = (page: Page, scope: string) => page.locator(`${scope} table tbody tr`).first();

function screensFor(tag: string, racer: string, eventId: number): Screen[] {
  return [
    { name: 'leaderboard 24 hour', path: '/leaderboards?view=teams&period=24hour', ready: (p) => rows(p, '.lb-card'), note: true, saves: ['team-leaderboard",{"previous":false,"rolling":"24hour"'] },
    { name: 'leaderboard 7 day', path: '/leaderboards?view=individuals&period=7day', ready: (p) => rows(p, '.lb-card'), note: true, saves: ['individual-leaderboard",{"previous":false,"rolling":"7day"'] },
    { name: 'leaderboard of a day', path: '/leaderboards?view=teams&period=daily', ready: (p) => rows(p, '.lb-card'), note: true, saves: ['team-leaderboard",{"end_time"'] },
    { name: 'roster', path: `/roster?tag=${tag}`, ready: (p) => rows(p, '.roster-card'), note: true, saves: ['current-display-names', 'team-info', 'team-tags'] },
    { name: 'events', path: `/events?tag=${tag}`, ready: (p) => rows(p, '.events-page'), note: true, saves: ['team-events'] },
    { name: 'event viewer', path: `/eventviewer?tag=${tag}&event=${eventId}`, ready: (p) => rows(p, '.event-results'), note: true, saves: ['event-participants'] },
    { name: 'activity', path: `/activity?tag=${tag}`, ready: (p) => p.locator('.stat-card').first(), note: true, saves: ['team-stats', 'hourly-races', 'daily-races', 'weekly-races'] },
    {
      name: 'trackers',
      path: `/trackers/${tag}`,
      ready: (p) => p.locator('.trackers-card table tbody tr, .trackers-card .state-empty').first(),
      note: true,
      saves: ['daily-participants'],
    },
    { name: 'racer batches', path: `/racers/${racer}/batch`, ready: (p) => p.getByTestId('batch-count'), note: true, saves: ['racer-info', 'racer-batches'] },
    { name: 'racer daily', path: `/racers/${racer}/daily`, ready: (p) => p.getByTestId('period-chart'), note: true, saves: ['racer-info', 'racer-batches'] },
    { name: 'racer weekly', path: `/racers/${racer}/weekly`, ready: (p) => p.getByTestId('period-chart'), note: true, saves: ['racer-info', 'racer-batches'] },
    { name: 'about', path: '/about', ready: (p) => p.getByRole('heading', { level: 1 }), note: false, saves: ['site'] },
  ];
}

/** The screen shows its data, the offline state, and neither a failure nor a spinner. */
async function expectSavedScreen(page: Page, screen: Screen) {
  await expect(screen.ready(page), screen.name).toBeVisible();
  await expect(page.locator('.banner-offline'), screen.name).toContainText("You're offline — showing data from");
  if (screen.note) await expect(page.locator('.offline-note').first(), screen.name).toContainText('Offline, data from');
  // Longer than the first retry's wait: a failed refresh must not turn into an error later.
  await page.waitForTimeout(1_500);
  await expect(page.locator('.state-error, [role="alert"]:not(.update-toast)'), screen.name).toHaveCount(0);
  await expect(page.locator('.state-loading, .state-offline'), screen.name).toHaveCount(0);
  await expect(page.getByText(/Failed to fetch|Failed to load/), screen.name).toHaveCount(0);
  await expect(screen.ready(page), screen.name).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let screens: Screen[];
let savedAfterWarmUp: string[];
let warmedUpAt = 0;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await page.goto('/about');
  const tag = await firstTag(page);
  const members = await getJson<{ Username: string }[]>(page, `/api/current-display-names?tag=${tag}`);
  const events = await getJson<{ EventID: number }[]>(page, `/api/team-events?tag=${tag}`);
  expect(members.length).toBeGreaterThan(0);
  expect(events.length).toBeGreaterThan(0);
  screens = screensFor(tag, members[0].Username, events[0].EventID);
});

test.afterAll(async () => {
  await context?.close();
});

test('warm-up: every screen once online, all saved', async () => {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 });
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(screen.ready(page), screen.name).toBeVisible();
    // The screen's data reaches IndexedDB (the persister writes at most once a second).
    for (const root of screen.saves) {
      await expect.poll(async () => (await persistedQueries(page)).some((h) => h.startsWith(root.includes('"') ? `["${root}` : `["${root}"`)), { message: `${screen.name}: ${root}` }).toBe(true);
    }
  }
  savedAfterWarmUp = await persistedQueries(page);
  warmedUpAt = Date.now();
  console.log(`persisted queries after the warm-up: ${savedAfterWarmUp.length}`);
});

for (const pass of ['first', 'second']) {
  test(`offline, the ${pass} open of each screen shows its saved data`, async () => {
    await context.setOffline(true);
    for (const screen of screens) {
      await page.goto(screen.path);
      await expectSavedScreen(page, screen);
    }
    const saved = await persistedQueries(page);
    console.log(`persisted queries after the ${pass} offline pass: ${saved.length}`);
    expect(saved).toEqual(expect.arrayContaining(savedAfterWarmUp));
  });
}

test('offline, screenshots of the leaderboard, the roster and a racer at desktop and phone sizes', async () => {
  await context.setOffline(true);
  const shown = screens.filter((s) => ['leaderboard 24 hour', 'roster', 'racer batches'].includes(s.name));
  for (const [label, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    for (const screen of shown) {
      await page.goto(screen.path);
      await expectSavedScreen(page, screen);
      await page.screenshot({ path: `${SHOTS}/${label}-${screen.name.replace(/ /g, '-')}.png`, fullPage: false });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('offline, a cold start a minute later still shows every screen', async () => {
  await context.setOffline(true);
  // The rolling windows must have moved on since their boards were saved. Real time, not
  // page.clock: its fake Date throws the site-zone calendar (@date-fns/tz) off.
  const wait = warmedUpAt + 61_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const cold = await context.newPage();
  for (const screen of screens) {
    await cold.goto(screen.path);
    await expectSavedScreen(cold, screen);
  }
  expect(await persistedQueries(cold)).toEqual(expect.arrayContaining(savedAfterWarmUp));
  await cold.close();
});

test('online but every API call fails: each screen shows its saved data as offline', async () => {
  await context.setOffline(false);
  await context.route('**/api/**', (route) => route.abort('connectionrefused'));
  try {
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.evaluate(() => navigator.onLine)).resolves.toBe(true);
      await expectSavedScreen(page, screen);
    }
    expect(await persistedQueries(page)).toEqual(expect.arrayContaining(savedAfterWarmUp));
  } finally {
    await context.unroute('**/api/**');
  }
});

test('back online, the screen refreshes and the offline note goes away', async () => {
  await page.goto(screens[0].path);
  await expect(screens[0].ready(page)).toBeVisible();
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
