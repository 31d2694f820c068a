/**
 * Offline on a phone (390x844, touch): the home-screen board, a page of the individual board, the
 * Following list, the roster and a racer, saved once online, open offline twice with their data
 * and the offline note.
 */
import { test } from '@playwright/test';
import { apiCallsOf, demoScreens, expectSavedScreen, visitAndSave } from './offline-screens';

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
