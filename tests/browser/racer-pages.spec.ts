/**
 * Racer pages beyond the inspector, at 1440 × 900: the Bests tab shows the API's bests and
 * milestones and links each record to the inspector on its dates; the comparison is reached from
 * a racer page, writes its choices to the address, shows both racers' totals, chart and days, and
 * opens the same from a shared address.
 */
import { expect, test, type Page } from '@playwright/test';
import type { RacerBestsResponse, RacerCompareResponse } from '../../contract/racer-pages';
import { firstTag, getJson } from './support';

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const wpm = (n: number | null) =>
  n === null ? '-' : n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const acc = (n: number | null) =>
  n === null ? '-' : `${(n * 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;

const LABELS: Record<string, string> = {
  'fastest-batch': 'Fastest batch',
  'most-races-day': 'Most races in a day',
  'most-races-week': 'Most races in a week',
  'best-accuracy-day': 'Best accuracy in a day',
};

/** Two racers of the first team, the busiest first. */
async function twoRacers(page: Page): Promise<[string, string]> {
  const tag = await firstTag(page);
  const members = await getJson<{ Username: string }[]>(page, `/api/current-display-names?tag=${tag}`);
  expect(members.length).toBeGreaterThan(1);
  return [members[0].Username, members[1].Username];
}

test('the Bests tab shows the bests and milestones and links a record to its day', async ({ page }) => {
  await page.goto('/about');
  const [racer] = await twoRacers(page);
  const data = await getJson<RacerBestsResponse>(page, `/api/racer-bests?username=${encodeURIComponent(racer)}`);
  expect(data.bests.length).toBeGreaterThan(0);

  await page.goto(`/racers/${racer}/batch`);
  await page.getByRole('link', { name: 'Bests', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/racers/${racer}/bests$`));
  const table = page.getByRole('region', { name: 'Personal bests', exact: true }).locator('table');
  for (const best of data.bests) {
    const row = table.locator('tbody tr').filter({ hasText: LABELS[best.kind] });
    await expect(row.locator('td').nth(2)).toHaveText(int(best.races));
    await expect(row.locator('td').nth(3)).toHaveText(wpm(best.wpm));
    await expect(row.locator('td').nth(4)).toHaveText(acc(best.accuracy));
  }
  if (data.lifetimeRaces !== null) {
    await expect(page.getByTestId('lifetime-summary')).toContainText(`Lifetime races: ${int(data.lifetimeRaces)}`);
    const milestones = page.getByRole('region', { name: 'Lifetime milestones' }).locator('tbody tr:not(.empty-row)');
    await expect(milestones).toHaveCount(data.milestones.length);
  }

  // The busiest day opens the inspector on that day: its batches only.
  const day = data.bests.find((b) => b.kind === 'most-races-day')!;
  await table.locator('tbody tr').filter({ hasText: LABELS['most-races-day'] }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/racers/${racer}/batch\\?from=${day.from}&to=${day.to}$`));
  const { batches } = await getJson<{ batches: { batchEndTime: string }[] }>(
    page,
    `/api/racer-batches?username=${encodeURIComponent(racer)}`,
  );
  const inDay = batches.filter((b) => b.batchEndTime.startsWith(day.from)).length;
  await expect(page.getByTestId('batch-count')).toHaveText(`${int(inDay)} ${inDay === 1 ? 'batch' : 'batches'}`);
  await expect(page.getByTestId('date-range-caption')).not.toHaveText('All');
});

test('a racer page leads to the comparison, which keeps its choices in a shareable address', async ({ page }) => {
  await page.goto('/about');
  const [a, b] = await twoRacers(page);
  await page.goto(`/racers/${a}/daily`);
  await page.getByRole('link', { name: 'Compare with another racer' }).click();
  await expect(page).toHaveURL(new RegExp(`/racers/compare\\?a=${a}$`));
  await expect(page.getByText('Choose two racers to compare')).toBeVisible();

  // Choosing racer B writes both racers and the default dates to the address.
  await page.getByRole('group', { name: 'Racer B' }).getByLabel('Racer').selectOption(b);
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  const url = new URL(page.url());
  const from = url.searchParams.get('from')!;
  const to = url.searchParams.get('to')!;
  expect(url.searchParams.get('a')).toBe(a);
  expect(url.searchParams.get('b')).toBe(b);

  const data = await getJson<RacerCompareResponse>(
    page,
    `/api/racer-compare?${new URLSearchParams({ a, b, from, to })}`,
  );
  expect(data.days).toHaveLength(30);
  const check = async () => {
    const totals = page.getByRole('region', { name: 'Totals side by side' }).locator('tbody');
    await expect(totals.locator('tr').filter({ hasText: 'Races' }).locator('td').nth(1)).toHaveText(
      int(data.a.totals.races),
    );
    await expect(totals.locator('tr').filter({ hasText: 'Races' }).locator('td').nth(2)).toHaveText(
      int(data.b.totals.races),
    );
    await expect(totals.locator('tr').filter({ hasText: 'WPM' }).locator('td').nth(1)).toHaveText(
      wpm(data.a.totals.wpm),
    );
    await expect(totals.locator('tr').filter({ hasText: 'Accuracy' }).locator('td').nth(2)).toHaveText(
      acc(data.b.totals.accuracy),
    );
    await expect(page.getByTestId('compare-chart').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('compare-chart').locator('canvas')).toHaveAttribute(
      'aria-label',
      new RegExp(`${a} ${int(data.a.totals.races)} races`),
    );
    await expect(page.getByRole('region', { name: 'Races, WPM and accuracy per day' }).locator('tbody tr')).toHaveCount(
      30,
    );
  };
  await check();

  // The same address opened afresh shows the same comparison.
  await page.goto(url.pathname + url.search);
  await check();

  // Swapping puts b first, in the address too.
  await page.getByRole('button', { name: 'Swap racers' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`a=${b}&b=${a}`));
  await expect(page.getByRole('region', { name: 'Totals side by side' }).locator('thead th').nth(1)).toHaveText(b);
});

test('a range the comparison cannot show is replaced by the last 30 days, saying why', async ({ page }) => {
  await page.goto('/about');
  const [a, b] = await twoRacers(page);
  await page.goto(`/racers/compare?a=${a}&b=${b}&from=2026-05-10&to=2026-05-01`);
  await expect(page.getByText('The range starts after it ends: showing the last 30 days.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Races, WPM and accuracy per day' }).locator('tbody tr')).toHaveCount(
    30,
  );
});
