/**
 * The Hall of Fame and Free agents on the desktop: the newest closed day's winner as the server
 * names it (that it tops the day's board: tests/server/hall-of-fame.test.ts), the period tabs, sorting, the export (numbers as numbers, accuracy
 * in percent, a Bot column), and the free agents list as the server sends it.
 * SCREEN_SHOTS_DIR=dir saves a picture of each.
 */
import fs from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { getJson } from './support';

interface Hall {
  periods: Array<{ start: string; end: string; racer: { Username: string; CurrentDisplayName: string } | null }>;
}

const shot = async (page: Page, name: string) => {
  if (process.env.SCREEN_SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SCREEN_SHOTS_DIR}/${name}.png`, fullPage: true });
};

test("the newest closed day's winner leads the table, which sorts and exports", async ({ page }) => {
  await page.goto('/about');
  const hall = await getJson<Hall>(page, '/api/hall-of-fame');
  expect(hall.periods.length).toBeGreaterThan(0);
  // That the winner is the top of the closed day's board: tests/server/hall-of-fame.test.ts.
  const newest = hall.periods[0];

  await page.goto('/halloffame');
  const rows = page.locator('.hof-winners tbody tr');
  await expect(rows).toHaveCount(hall.periods.length);
  await expect(rows.first()).toContainText(newest.racer!.CurrentDisplayName);
  await expect(page.locator('.hof-records .stat-card')).toHaveCount(3);
  await shot(page, 'hall-of-fame-desktop');

  // Oldest first after a click on the Day header; the export follows the rows shown.
  await page.getByRole('button', { name: /^Day/ }).click();
  await expect(rows.last()).toContainText(newest.racer!.CurrentDisplayName);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.hof-winners').getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('hall_of_fame_day.csv');
  const csv = Papa.parse<string[]>(await fs.readFile((await download.path())!, 'utf8'), { skipEmptyLines: true });
  expect(csv.data[0]).toContain('Bot');
  expect(csv.data[0]).toContain('Accuracy (%)');
  expect(csv.data.at(-1)![0]).toBe(newest.start);
  const accuracy = csv.data.at(-1)![csv.data[0].indexOf('Accuracy (%)')];
  expect(accuracy).toMatch(/^\d{1,3}(\.\d{1,2})?$/);

  // The Week tab keeps its own address.
  await page.getByRole('link', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(/period=week/);
  await expect(page.getByRole('heading', { name: 'Winners by week' })).toBeVisible();
});

test('free agents show what the server lists, under the team tabs', async ({ page }) => {
  await page.goto('/about');
  const agents = await getJson<Array<{ Username: string }>>(page, '/api/free-agents');
  const tags = await getJson<string[]>(page, '/api/team-tags');
  await page.goto(`/roster?tag=${tags[0]}`);
  await page.getByRole('navigation', { name: 'Team tabs' }).getByRole('link', { name: 'Free agents' }).click();
  await expect(page).toHaveURL(new RegExp(`/free-agents\\?tag=${tags[0]}`));
  const rows = page.locator('.free-agents-card tbody tr:not(.empty-row)');
  await expect(page.getByRole('heading', { name: `Free agents (${agents.length})` })).toBeVisible();
  await expect(rows).toHaveCount(agents.length);
  if (agents.length === 0) await expect(page.locator('.free-agents-card')).toContainText('Nobody has left');
  await shot(page, 'free-agents-desktop');
});
