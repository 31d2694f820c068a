/**
 * Small correctness fixes against the demo community: medals follow the standing (Points), not the
 * column sorted; a new sort returns to page 1; an untracked tag gets the same error on every team
 * screen and is not stored; a reversed custom range is shown (inputs, heading, address, request)
 * as the range actually used.
 */
import { expect, test, type Page } from '@playwright/test';
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../contract/leaderboards';
import { getJson, withoutServerDrawing } from './support';

const table = (page: Page) => page.locator('.lb-card table.data-table');

async function shownBoard<R>(page: Page, board: 'team' | 'individual'): Promise<R[]> {
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  const heading = page.locator('.lb-heading');
  const qs = new URLSearchParams({
    start_time: (await heading.getAttribute('data-start-time'))!,
    end_time: (await heading.getAttribute('data-end-time'))!,
  });
  return getJson<R[]>(page, `/api/${board}-leaderboard?${qs}`);
}

/** Each visible row's key cell and its rank number, in table order. */
async function ranksShown(page: Page, keyColumn: string): Promise<[string, number][]> {
  const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
  const col = headers.indexOf(keyColumn);
  return table(page)
    .locator('tbody tr')
    .evaluateAll(
      (trs, c) =>
        trs.map(
          (tr) =>
            [
              (tr.querySelectorAll('td')[c] as HTMLElement).innerText.trim(),
              Number(tr.querySelector('.rank-badge')!.textContent),
            ] as [string, number],
        ),
      col,
    );
}

test('medals and ranks follow the standing by Points whatever column is sorted', async ({ page }) => {
  await page.goto('/leaderboards?view=individuals&period=7day');
  const rows = (await shownBoard<IndividualLeaderboardRow>(page, 'individual')).filter((r) => r.bot === 0);
  const standing = [...rows].sort((a, b) => b.Points - a.Points).map((r) => r.Username);

  await page.getByRole('button', { name: /^Races/ }).click();
  await page.getByRole('button', { name: /^Races/ }).click(); // ascending: the leaders are far down
  await expect(table(page).locator('th[aria-sort="ascending"]')).toContainText('Races');
  const shown = await ranksShown(page, 'Username');
  expect(shown.length).toBe(50);
  for (const [username, rank] of shown) expect(rank, username).toBe(standing.indexOf(username) + 1);
  // The first row (fewest races) is no medal winner; the medals sit on the top three by Points.
  expect(shown[0][1]).toBeGreaterThan(3);
  for (const [medal, i] of [
    ['gold', 0],
    ['silver', 1],
    ['bronze', 2],
  ] as const) {
    const row = table(page)
      .locator('tbody tr')
      .filter({ has: page.locator(`.rank-badge.rank-${medal}`) });
    if (await row.count()) await expect(row).toContainText(standing[i]);
  }

  // Team board, sorted by team tag.
  await page.goto('/leaderboards?view=teams&period=7day');
  const teams = await shownBoard<TeamLeaderboardRow>(page, 'team');
  const teamStanding = [...teams].sort((a, b) => b.Points - a.Points).map((t) => t.TeamTag);
  await page.getByRole('button', { name: /^Team Tag/ }).click();
  const teamShown = await ranksShown(page, 'Team Tag');
  expect(teamShown.map(([t]) => t)).toEqual(
    [...teamStanding].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base', numeric: true })),
  );
  for (const [tag, rank] of teamShown) expect(rank, tag).toBe(teamStanding.indexOf(tag) + 1);
  await expect(
    table(page)
      .locator('tbody tr')
      .filter({ has: page.locator('.rank-gold') }),
  ).toContainText(teamStanding[0]);
});

test('changing the sort returns to page 1', async ({ page }) => {
  await page.goto('/leaderboards?view=individuals&period=7day');
  await expect(page.locator('.pager-label')).toHaveText(/^Page 1 of [2-9]/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('.pager-label')).toHaveText(/^Page 2 of/);
  await page.getByRole('button', { name: /^WPM/ }).click();
  await expect(page.locator('.pager-label')).toHaveText(/^Page 1 of/);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: /^WPM/ }).click(); // toggling the direction too
  await expect(page.locator('.pager-label')).toHaveText(/^Page 1 of/);
});

test('an untracked tag gets the team info error on every team screen and is not stored', async ({ page }) => {
  const [known] = await getJson<string[]>(page, '/api/team-tags');
  const unknown = 'NOSUCH9';
  const res = await page.request.get(`/api/team-info?tag=${unknown}`);
  expect(res.status()).toBe(404);
  const { error } = (await res.json()) as { error: string };
  expect(error).toBe(`Team ${unknown} is not tracked`);

  await page.goto(`/roster?tag=${known}`);
  await expect(page.locator('.roster-card')).toBeVisible();
  // Kept once the app has taken the page over.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedTag'))).toBe(known);

  for (const path of [
    `/roster?tag=${unknown}`,
    `/events?tag=${unknown}`,
    `/eventviewer?tag=${unknown}`,
    `/activity?tag=${unknown}`,
    `/trackers/${unknown}`,
    `/teams/admin?tag=${unknown}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('alert'), path).toHaveText(error);
    await expect(page.getByRole('button', { name: 'Export CSV' }), path).toHaveCount(0);
    await expect(page.locator('.roster-card, .trackers-card, .event-results, .team-info'), path).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('selectedTag')), path).toBe(known);
    // The team dropdown still works to leave it.
    await expect(page.getByRole('combobox', { name: 'Team' })).toBeEnabled();
  }
  // The dropdown leads back to a real team.
  await page.getByRole('combobox', { name: 'Team' }).selectOption(known);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // An unknown tag stored by an older version is forgotten when it is found to be unknown.
  await page.evaluate((t) => localStorage.setItem('selectedTag', t), unknown);
  await page.goto('/roster');
  await expect(page.getByRole('alert')).toHaveText(error);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedTag'))).toBeNull();
});

test('a reversed custom range is shown as the range actually used', async ({ page, baseURL }) => {
  // The app's own requests are checked: no page drawn by the server.
  await withoutServerDrawing(page, baseURL!);
  await page.goto('/leaderboards?view=individuals&period=custom');
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  const to = page.getByRole('textbox', { name: 'To', exact: true });
  // The default range: the last 7 days up to today.
  const first = await from.inputValue();
  const today = await to.inputValue();
  expect(first < today).toBe(true);

  const requests: URL[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/individual-leaderboard?')) requests.push(new URL(req.url()));
  });
  await page.goto(`/leaderboards?view=individuals&period=custom&from=${today}&to=${first}`);
  // From after To: the board covers the single day To, and every place says so.
  await expect(from).toHaveValue(first);
  await expect(to).toHaveValue(first);
  await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(first);
  expect(new URL(page.url()).searchParams.get('to')).toBe(first);
  const heading = page.locator('.lb-heading');
  await expect(heading).toHaveAttribute('data-start-time', `${first} 00:00:00`);
  await expect(heading).toHaveAttribute('data-end-time', `${first} 23:59:59`);
  const [y, m, d] = first.split('-').map(Number);
  const label = new Date(y, m - 1, d).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  await expect(heading.locator('.lb-heading-detail')).toHaveText(label);
  await expect
    .poll(() =>
      requests.some(
        (u) =>
          u.searchParams.get('start_time') === `${first} 00:00:00` &&
          u.searchParams.get('end_time') === `${first} 23:59:59`,
      ),
    )
    .toBe(true);
  expect(requests.every((u) => u.searchParams.get('start_time')! <= u.searchParams.get('end_time')!)).toBe(true);

  // The corrected address replaced the reversed one: Back goes to the default range, itself
  // written out in the address.
  await page.goBack();
  await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(today);
  expect(new URL(page.url()).searchParams.get('from')).toBe(first);
  await expect(from).toHaveValue(first);
  await expect(to).toHaveValue(today);
});
