/**
 * The individual board read in pages ranked by the server, against the demo community: paging and
 * sorting through the address (Back, reload and a shared link keep the view), the You card with a
 * rank worked out here from the whole list, "since you last looked", following racers, the
 * countdown of the current period, and offline a page seen once against one never seen.
 */
import { expect, test, type Page } from '@playwright/test';
import type { IndividualLeaderboardResponse, RankedIndividualLeaderboardRow } from '../../contract/leaderboards';
import { appReady, getJson } from './support';

const table = (page: Page) => page.locator('.lb-card table.data-table');
const search = (page: Page) => new URL(page.url()).searchParams;

/** The 7-day board's whole list as the spec's call answers it, humans only, in standing order worked out here. */
async function standing(page: Page): Promise<RankedIndividualLeaderboardRow[]> {
  const heading = page.locator('.lb-heading');
  await expect(heading).toHaveAttribute('data-start-time', /\d/);
  const qs = new URLSearchParams({
    start_time: (await heading.getAttribute('data-start-time'))!,
    end_time: (await heading.getAttribute('data-end-time'))!,
  });
  const all = await getJson<IndividualLeaderboardResponse>(page, `/api/individual-leaderboard?${qs}`);
  // By Points, then the username in code-unit order (the contract's tie rule).
  return all
    .filter((r) => r.bot === 0)
    .sort((a, b) => b.Points - a.Points || (a.Username < b.Username ? -1 : a.Username > b.Username ? 1 : 0));
}

async function shownUsernames(page: Page): Promise<string[]> {
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('.lb-board-stale')).toHaveCount(0);
  const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
  const col = headers.indexOf('Username');
  return table(page)
    .locator('tbody tr')
    .evaluateAll((trs, c) => trs.map((tr) => (tr.querySelectorAll('td')[c] as HTMLElement).innerText.trim()), col);
}

// Several boards, reloads and a second tab per test.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.clear());
});

test('pages and sorts live in the address: Back, reload and a shared link keep the view', async ({ page, context }) => {
  const calls: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/individual-leaderboard?')) calls.push(new URL(r.url()));
  });
  await page.goto('/leaderboards?view=individuals&period=7day');
  const board = await standing(page);
  expect(board.length).toBeGreaterThan(50);
  await expect.poll(() => shownUsernames(page)).toEqual(board.slice(0, 50).map((r) => r.Username));
  // One call for the page, ranked by the server: the previous period is not fetched by the app.
  expect(calls.every((u) => u.searchParams.get('page') !== null)).toBe(true);
  await expect(page.locator('.pager-label')).toHaveText(`Page 1 of ${Math.ceil(board.length / 50)}`);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => search(page).get('page')).toBe('2');
  await expect.poll(() => shownUsernames(page)).toEqual(board.slice(50, 100).map((r) => r.Username));
  // Ranks carry on from page 1; medals only on page 1.
  await expect(table(page).locator('tbody tr').first().locator('.rank-badge')).toHaveText('51');

  await table(page).getByRole('button', { name: /WPM/ }).click();
  await expect.poll(() => search(page).get('sort')).toBe('WPM');
  expect(search(page).get('page')).toBeNull();
  await expect(table(page).locator('th[aria-sort="descending"]')).toContainText('WPM');
  await table(page).getByRole('button', { name: /WPM/ }).click();
  await expect.poll(() => search(page).get('dir')).toBe('asc');

  await page.goBack();
  await expect.poll(() => search(page).get('dir')).toBeNull();
  await expect(table(page).locator('th[aria-sort="descending"]')).toContainText('WPM');
  await page.goBack();
  await expect.poll(() => search(page).get('page')).toBe('2');
  await expect.poll(() => shownUsernames(page)).toEqual(board.slice(50, 100).map((r) => r.Username));

  await page.reload();
  await expect(page.locator('.pager-label')).toHaveText(/^Page 2 of/);
  await expect.poll(() => shownUsernames(page)).toEqual(board.slice(50, 100).map((r) => r.Username));

  // A shared link, in another tab, with a team filter and flagged racers shown.
  const team = board[0].TeamTag!;
  const shared = await context.newPage();
  await shared.goto(`/leaderboards?view=individuals&period=7day&team=${team}&bots=1`);
  await expect(shared.getByLabel('Show flagged racers')).toBeChecked();
  await expect(shared.getByRole('searchbox', { name: 'Team' })).toHaveValue(team);
  const teamCol = (await table(shared).locator('thead th').allTextContents()).findIndex((h) => h.startsWith('Team'));
  const teams = await table(shared)
    .locator('tbody tr')
    .evaluateAll((trs, c) => trs.map((tr) => (tr.querySelectorAll('td')[c] as HTMLElement).innerText.trim()), teamCol);
  expect(teams.length).toBeGreaterThan(0);
  expect(new Set(teams)).toEqual(new Set([team]));
  await shared.close();
});

test('the You card: rank, share ahead, neighbours, the change since the last look, and My rank', async ({ page }) => {
  await page.goto('/leaderboards?view=individuals&period=7day');
  const board = await standing(page);
  // Chosen once the app runs, as a person does: the card then shows on the next visit.
  await appReady(page);
  // The racer 8th by Points: 7 above, the rest below.
  const me = board[7];
  const total = board.length;
  await page.evaluate(
    (m) =>
      localStorage.setItem(
        'myRacer',
        JSON.stringify({ username: m.Username, displayName: m.CurrentDisplayName, teamTag: m.TeamTag }),
      ),
    me,
  );
  await page.reload();
  const card = page.locator('.you-card');
  await expect(card.locator('.you-rank .rank-badge')).toHaveText('8', { timeout: 30_000 });
  await expect(card.locator('.you-rank')).toContainText(`of ${total}`);
  await expect(card.locator('.you-ahead')).toHaveText(
    `Ahead of ${Math.floor(((total - 8) / total) * 100)}% of the board`,
  );
  await expect(card.locator('.you-since')).toHaveText('First look at this board from this device.');
  await expect(card.locator('.you-neighbour-name')).toHaveText(board.slice(5, 10).map((r) => r.CurrentDisplayName));
  await expect(card.locator('.you-neighbour-mine .you-neighbour-rank')).toHaveText('8');

  await page.reload();
  await expect(card.locator('.you-since')).toHaveText('Same rank as when you last looked.');
  // The board last showed rank 11: three places gained since.
  await page.evaluate(() => {
    const seen = JSON.parse(localStorage.getItem('boardRanksSeen')!) as { rank: number }[];
    localStorage.setItem('boardRanksSeen', JSON.stringify(seen.map((s) => ({ ...s, rank: 11 }))));
  });
  await page.reload();
  await expect(card.locator('.you-since')).toHaveText('Up 3 since you last looked.');

  // My rank from another page, another sort: back to page 1 by Points with the row marked.
  await page.goto('/leaderboards?view=individuals&period=7day&page=2&sort=Races');
  await page.getByRole('button', { name: 'My rank' }).click();
  await expect.poll(() => search(page).get('page')).toBeNull();
  expect(search(page).get('sort')).toBeNull();
  await expect(table(page).locator('tr[data-mine="true"]')).toContainText(me.Username);

  // The last racer: their page is the last one.
  const last = board[total - 1];
  await page.evaluate(
    (m) =>
      localStorage.setItem('myRacer', JSON.stringify({ username: m.Username, displayName: m.Username, teamTag: null })),
    last,
  );
  await page.reload();
  await page.getByRole('button', { name: /^Show my page/ }).click();
  await expect.poll(() => search(page).get('page')).toBe(String(Math.ceil(total / 50)));
  await expect(table(page).locator('tr[data-mine="true"]')).toContainText(last.Username);
});

test('following racers: a star on board rows and racer pages, the Following list with global ranks', async ({
  page,
}) => {
  await page.goto('/leaderboards?view=individuals&period=7day');
  const board = await standing(page);
  const a = board[2];
  const b = board[60];
  await table(page)
    .getByRole('button', { name: `Follow ${a.Username}`, exact: true })
    .click();
  await expect(table(page).getByRole('button', { name: `Unfollow ${a.Username}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto(`/racers/${b.Username}/batch`);
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('followedRacers')!))).toEqual([
    a.Username,
    b.Username,
  ]);

  await page.goto('/leaderboards?view=individuals&period=7day');
  await page.getByRole('button', { name: 'Following (2)' }).click();
  await expect.poll(() => search(page).get('list')).toBe('following');
  const rows = table(page).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).locator('.rank-badge')).toHaveText('3');
  await expect(rows.nth(0)).toContainText(a.Username);
  await expect(rows.nth(1).locator('.rank-badge')).toHaveText('61');
  await expect(rows.nth(1)).toContainText(b.Username);

  await rows
    .nth(0)
    .getByRole('button', { name: `Unfollow ${a.Username}` })
    .click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Everyone' }).click();
  await expect.poll(() => search(page).get('list')).toBeNull();
});

test('the current day, week and month count down to their end; a past day and a rolling window do not', async ({
  page,
}) => {
  for (const period of ['daily', 'weekly', 'monthly']) {
    await page.goto(`/leaderboards?view=individuals&period=${period}`);
    await expect(page.locator('.lb-countdown')).toHaveText(/^Ends in (\d+ d \d+ h|\d+ h \d+ min|\d+ min)$/);
  }
  await page.goto('/leaderboards?view=teams&period=daily');
  await expect(page.locator('.lb-countdown')).toHaveText(/^Ends in/);
  const yesterday = await page.getByRole('combobox', { name: 'Day' }).locator('option').nth(1).getAttribute('value');
  await page.getByRole('combobox', { name: 'Day' }).selectOption(yesterday!);
  await expect(page.locator('.lb-heading')).toHaveAttribute('data-start-time', `${yesterday} 00:00:00`);
  await expect(page.locator('.lb-countdown')).toHaveCount(0);
  await page.goto('/leaderboards?view=individuals&period=24hour');
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('.lb-countdown')).toHaveCount(0);
});

test('offline, a page seen once opens again; a page never seen says it is not saved', async ({ page, context }) => {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  await page.goto('/leaderboards?view=individuals&period=7day&sort=WPM');
  const seen = await shownUsernames(page);
  // Saved to the device at most once a second.
  await page.waitForTimeout(1_500);
  await context.setOffline(true);
  await page.goto('/leaderboards?view=individuals&period=7day&sort=WPM');
  await expect.poll(() => shownUsernames(page)).toEqual(seen);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('.state-offline')).toHaveText(
    'This page of the board is not saved on this device. It loads when the connection is back.',
  );
  await page.goBack();
  await expect.poll(() => shownUsernames(page)).toEqual(seen);
  await page.goto('/leaderboards?view=individuals&period=7day&sort=Username&dir=asc');
  await expect(page.locator('.state-offline')).toContainText('not saved on this device');
  await context.setOffline(false);
});
