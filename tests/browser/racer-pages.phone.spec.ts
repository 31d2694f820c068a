/**
 * The Bests tab and the comparison on a 390 × 844 touch phone: nothing wider than the screen, each
 * table's identity in view, the chart drawn at the screen's width, the controls tappable.
 * SCREEN_SHOTS_DIR=dir saves a picture of each.
 */
import { expect, test, type Page } from '@playwright/test';
import { firstTag, getJson } from './support';

async function twoRacers(page: Page): Promise<[string, string]> {
  const tag = await firstTag(page);
  const members = await getJson<{ Username: string }[]>(page, `/api/current-display-names?tag=${tag}`);
  return [members[0].Username, members[1].Username];
}

async function fitsThePhone(page: Page, name: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
  if (process.env.SCREEN_SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SCREEN_SHOTS_DIR}/${name}.png`, fullPage: true });
}

test('the Bests tab fits the phone and its records open the inspector', async ({ page }) => {
  await page.goto('/about');
  const [racer] = await twoRacers(page);
  await page.goto(`/racers/${racer}/bests`);
  const table = page.getByRole('region', { name: 'Personal bests', exact: true });
  await expect(table.locator('tbody tr')).toHaveCount(4);
  const record = table.locator('tbody tr').first().locator('td, th').first();
  await expect(record).toContainText('Fastest batch');
  await record.scrollIntoViewIfNeeded();
  await expect(record).toBeInViewport();
  // The four racer tabs all show: Bests is not hidden off the right edge.
  const bestsTab = page.getByRole('navigation', { name: 'Racer views' }).getByRole('link', { name: 'Bests' });
  await bestsTab.scrollIntoViewIfNeeded();
  const tabBox = (await bestsTab.boundingBox())!;
  expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(390);
  await fitsThePhone(page, 'racer-bests-phone');
  const link = table.locator('tbody tr').filter({ hasText: 'Most races in a day' }).getByRole('link');
  await link.scrollIntoViewIfNeeded();
  await link.tap();
  await expect(page).toHaveURL(new RegExp(`/racers/${racer}/batch\\?from=`));
  await expect(page.getByTestId('batch-count')).toBeVisible();
});

test('the comparison fits the phone, with its chart at the screen width', async ({ page }) => {
  await page.goto('/about');
  const [a, b] = await twoRacers(page);
  await page.goto(`/racers/compare?a=${a}`);
  await page.getByRole('group', { name: 'Racer B' }).getByLabel('Racer').selectOption(b);
  await expect(page).toHaveURL(/&b=/);
  const canvas = page.getByTestId('compare-chart').locator('canvas');
  await expect(canvas).toBeVisible();
  const box = (await page.getByTestId('compare-chart').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const days = page.getByRole('region', { name: 'Races, WPM and accuracy per day' });
  await expect(days.locator('tbody tr')).toHaveCount(30);
  const firstDay = days.locator('tbody tr').first().locator('td').first();
  await firstDay.scrollIntoViewIfNeeded();
  await expect(firstDay).toBeInViewport();
  const swap = page.getByRole('button', { name: 'Swap racers' });
  expect((await swap.boundingBox())!.height).toBeGreaterThanOrEqual(32);
  // Both racers' totals fit beside each other without scrolling sideways.
  const totals = page.getByRole('region', { name: 'Totals side by side' });
  const lastCell = totals.locator('tbody tr').first().locator('td').last();
  const cellBox = (await lastCell.boundingBox())!;
  const totalsBox = (await totals.boundingBox())!;
  expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(totalsBox.x + totalsBox.width + 1);
  await fitsThePhone(page, 'racer-compare-phone');
});

test('a racer chosen on the drawn page before the app’s script ran is compared once it runs', async ({ page }) => {
  // No visit first: the service worker would serve the next page; this one comes drawn from the server.
  const [a, b] = await twoRacers(page);
  let release!: () => void;
  const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  await page.goto(`/racers/compare?a=${a}`, { waitUntil: 'commit' });
  const racerB = page.getByRole('group', { name: 'Racer B' }).getByLabel('Racer');
  await racerB.selectOption(b);
  expect(new URL(page.url()).searchParams.get('b')).toBeNull();
  release();
  await expect(page).toHaveURL(new RegExp(`[?&]b=${b}(&|$)`));
  await expect(racerB).toHaveValue(b);
  await expect(page.getByTestId('compare-chart').locator('canvas')).toBeVisible();
});
