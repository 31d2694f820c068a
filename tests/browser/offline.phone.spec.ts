/**
 * Offline on a phone (390x844, touch): the home-screen board, a page of the individual board, the
 * Following list, the roster and a racer, saved once online, open offline twice with their data
 * and the offline note; a screen only glanced at is kept too; the You card of a racer without races
 * says so offline; a server that stopped (no proxy in front) is not called "offline".
 */
import { expect, test, type Page } from '@playwright/test';
import { apiCallsOf, demoScreens, expectSavedScreen, visitAndSave } from './offline-screens';
import { getJson } from './support';

async function serviceWorkerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
}

/** A racer of the demo community with no races in the individual board's window (the rank call answers 404). */
async function racerWithoutRaces(page: Page): Promise<string> {
  await page.goto('/leaderboards?view=individuals');
  const heading = page.locator('.lb-heading');
  await expect(heading).toHaveAttribute('data-start-time', /\d/);
  const start = (await heading.getAttribute('data-start-time'))!;
  const end = (await heading.getAttribute('data-end-time'))!;
  for (const tag of await getJson<string[]>(page, '/api/team-tags')) {
    for (const { Username } of await getJson<{ Username: string }[]>(page, `/api/current-display-names?tag=${tag}`)) {
      const query = new URLSearchParams({ start_time: start, end_time: end, username: Username });
      const res = await page.request.get(`/api/individual-leaderboard/rank?${query}`);
      if (res.status() === 404) return Username;
    }
  }
  throw new Error('every racer of the demo raced in the window');
}

test('offline on a phone, the board, the roster and a racer open twice with their saved data', async ({
  page,
  context,
}) => {
  await page.goto('/about');
  const screens = (await demoScreens(page)).filter((s) =>
    [
      'leaderboard 24 hour',
      'leaderboard 7 day, page 2 by WPM',
      'leaderboard following',
      'roster',
      'racer batches',
    ].includes(s.name),
  );
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  for (const screen of screens) await visitAndSave(page, screen);
  await context.setOffline(true);
  const asked = apiCallsOf(page);
  for (let pass = 0; pass < 2; pass++) {
    for (const screen of screens) {
      asked.reset();
      await page.goto(screen.path);
      await expectSavedScreen(page, screen, undefined, asked.calls);
    }
  }
});

test('a screen glanced at for a moment, and a You card with no races, open again offline as they were', async ({
  page,
  context,
}) => {
  await page.goto('/about');
  await serviceWorkerControls(page);
  const tag = (await getJson<string[]>(page, '/api/team-tags'))[1];
  // The roster of a team not opened before: its rows show, and the signal goes at once.
  await page.goto(`/roster?tag=${tag}`);
  const rows = page.locator('.data-table tbody tr:not(.empty-row)');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  await context.setOffline(true);
  await page.goto(`/roster?tag=${tag}`);
  await expect(rows).toHaveCount(count);
  await expect(page.locator('.state-offline')).toHaveCount(0);
  await context.setOffline(false);

  // "This is me" for a racer with no races on the board: offline the card says so, not "not saved".
  const idle = await racerWithoutRaces(page);
  await page.evaluate(
    (u) => localStorage.setItem('myRacer', JSON.stringify({ username: u, displayName: u, teamTag: null })),
    idle,
  );
  await page.goto('/leaderboards?view=individuals');
  const card = page.locator('.you-card');
  await expect(card).toContainText('No races on this board yet');
  await context.setOffline(true);
  await page.goto('/leaderboards?view=individuals');
  await expect(page.locator('.banner-offline')).toBeVisible();
  await expect(card).toContainText('No races on this board yet');
  await expect(card).not.toContainText('not saved');
});

test('a server that stopped with no proxy in front is "Can\'t reach the server", not "offline"', async ({
  page,
  context,
}) => {
  await page.goto('/about');
  await serviceWorkerControls(page);
  await page.goto('/leaderboards?view=teams');
  await expect(page.locator('.data-table tbody tr').first()).toBeVisible();
  // Nothing of the site answers (the service worker still has the app), while the phone is online.
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === new URL(page.url()).origin
      ? route.abort('connectionrefused')
      : route.continue(),
  );
  try {
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    const banner = page.locator('.banner-offline');
    await expect(banner).toContainText("Can't reach the server — showing data from");
    await expect(banner).not.toContainText("You're offline");
  } finally {
    await context.unrouteAll();
  }
});
