/**
 * "This is me" on a 390 × 844 touch phone: the search list is tapped, not a native select; the Me
 * link fits the navigation (an admin's too); My rank brings my row into view on the individual board.
 */
import { expect, test } from '@playwright/test';
import type { IndividualLeaderboardRow } from '../../contract/leaderboards';
import { ADMIN, getJson, logIn } from './support';

test('pick yourself by tapping a match, then Me and My rank work on the phone', async ({ page }) => {
  await page.goto('/leaderboards?view=individuals&period=7day');
  const table = page.locator('.lb-card table.data-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const heading = page.locator('.lb-heading');
  const qs = new URLSearchParams({
    start_time: (await heading.getAttribute('data-start-time'))!,
    end_time: (await heading.getAttribute('data-end-time'))!,
  });
  const board = (await getJson<IndividualLeaderboardRow[]>(page, `/api/individual-leaderboard?${qs}`))
    .filter((r) => r.bot === 0)
    .sort((a, b) => b.Points - a.Points);
  const me = board[55];

  await page.goto('/racers/find-me');
  await expect(page.locator('select')).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Search by display name or username' });
  await box.tap();
  await box.fill(me.CurrentDisplayName.toLowerCase());
  const option = page.getByRole('option').filter({ hasText: me.Username });
  await expect(option).toBeInViewport();
  const size = await option.boundingBox();
  expect(size!.height).toBeGreaterThanOrEqual(44); // a finger-sized target
  await option.tap();
  await expect(page.getByRole('status').filter({ hasText: 'You are' })).toContainText(me.CurrentDisplayName);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const meLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Me/ });
  const navBox = await meLink.boundingBox();
  expect(navBox!.x + navBox!.width).toBeLessThanOrEqual(390);

  await page.goto('/leaderboards?view=individuals&period=7day');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'My rank' }).tap();
  await expect(page.locator('.pager-label')).toHaveText(/^Page 2 of/);
  const row = table.locator('tr[data-mine="true"]');
  await expect(row).toContainText(me.Username);
  await expect(row).toBeInViewport();

  await meLink.tap();
  await expect(page).toHaveURL(new RegExp(`/racers/${me.Username}/batch$`));
});

test('with Me added, an admin still sees every top tab on a 390px phone', async ({ page }) => {
  await page.goto('/racers/find-me');
  await logIn(page, ADMIN);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Leaderboards', 'Teams', 'Racers', 'Find me', 'About', 'Admin']) {
    const box = await nav.getByRole('link', { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
  }
});
