/**
 * The Hall of Fame, the awards on a racer's Bests tab and Free agents on a 390 × 844 phone:
 * nothing wider than the screen, the period tabs tappable. SCREEN_SHOTS_DIR=dir saves pictures.
 */
import { expect, test, type Page } from '@playwright/test';
import { getJson } from './support';

async function fitsThePhone(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
  if (process.env.SCREEN_SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SCREEN_SHOTS_DIR}/${name}.png`, fullPage: true });
}

test('the Hall of Fame fits the phone and its period tabs switch the table', async ({ page }) => {
  await page.goto('/halloffame');
  await expect(page.locator('.hof-winners tbody tr').first()).toBeVisible({ timeout: 60_000 });
  await fitsThePhone(page, 'hall-of-fame-phone');
  // A day that began before tracking did (the demo's first, unless its history began at midnight)
  // says so under its name, as the API marks it.
  const hall = await getJson<{ periods: Array<{ start: string; partial: boolean }> }>(page, '/api/hall-of-fame');
  const days = page.locator('.hof-winners tbody tr');
  await expect(days).toHaveCount(hall.periods.length);
  for (const [i, period] of hall.periods.entries()) {
    expect(typeof period.partial, period.start).toBe('boolean');
    if (period.partial) await expect(days.nth(i), period.start).toContainText('partly tracked');
    else await expect(days.nth(i), period.start).not.toContainText('partly tracked');
  }
  await page.getByRole('link', { name: 'Month', exact: true }).tap();
  await expect(page.getByRole('heading', { name: 'Winners by month' })).toBeVisible();
  await fitsThePhone(page, 'hall-of-fame-month-phone');
});

test("a winner's awards show on their Bests tab, and free agents fit the phone", async ({ page }) => {
  await page.goto('/about');
  const hall = await getJson<{ periods: Array<{ racer: { Username: string } | null }> }>(page, '/api/hall-of-fame');
  const winner = hall.periods[0].racer!.Username;
  await page.goto(`/racers/${winner}/bests`);
  const awards = page.getByRole('region', { name: `Awards of ${winner}`, exact: true });
  await expect(awards.locator('tbody')).toContainText('Racer of the day');
  await fitsThePhone(page, 'racer-awards-phone');
  await page.goto('/free-agents');
  await expect(page.locator('.free-agents-card tbody tr').first()).toBeVisible();
  await fitsThePhone(page, 'free-agents-phone');
});
