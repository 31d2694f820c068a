/**
 * Leaderboards against the demo community: every tab, period and picker, the numbers on screen
 * compared with the API's answers for the window the page asked for, pages of 50, the bot
 * checkbox, rank changes against the previous period, sorting, the filter box, the address and
 * storage, the loading / error / empty states, and the phone layout.
 */
import { expect, test, type Page } from '@playwright/test';
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../contract/leaderboards';
import { shownAccuracy, shownWpm, withoutServerDrawing } from './support';

type Board = 'team' | 'individual';
type Row = TeamLeaderboardRow | IndividualLeaderboardRow;

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fmtInt = (n: number) => int.format(Math.round(n));
const fmtWpm = shownWpm;
const fmtAcc = shownAccuracy;

/** Every leaderboard request the page makes, in order. */
function recordRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (req) => {
    if (/\/api\/(team|individual)-leaderboard\?/.test(req.url())) seen.push(new URL(req.url()));
  });
  return seen;
}

/** The API call of the window the page shows (its heading carries the API times), or of the one before. */
async function boardUrl(page: Page, board: Board, opts: { previous?: boolean; showBots?: boolean } = {}): Promise<URL> {
  const heading = page.locator('.lb-heading');
  const prefix = opts.previous ? 'data-previous-' : 'data-';
  const start = await heading.getAttribute(`${prefix}start-time`);
  const end = await heading.getAttribute(`${prefix}end-time`);
  const url = new URL(`/api/${board}-leaderboard`, page.url());
  url.searchParams.set('start_time', start!);
  url.searchParams.set('end_time', end!);
  if (opts.showBots) url.searchParams.set('showbot', 'TRUE');
  return url;
}

async function api<T>(page: Page, url: URL): Promise<T> {
  const res = await page.request.get(url.pathname + url.search);
  expect(res.ok(), url.toString()).toBe(true);
  return (await res.json()) as T;
}

const table = (page: Page) => page.locator('.lb-card table.data-table');

async function screenTable(page: Page): Promise<{ headers: string[]; rows: string[][] }> {
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  const headers = (await table(page).locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
  const rows = await table(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())),
    );
  return { headers, rows };
}

/** What a row should show in the stat columns. */
function stats(r: Row): string[] {
  return [fmtInt(r.Races), fmtAcc(r.Accuracy), fmtWpm(r.WPM), fmtInt(r.Points)];
}

/** The standing: Points, then (racers) the username in code-unit order, as the contract ranks ties. */
function byPoints<R extends Row>(rows: R[]): R[] {
  const name = (r: Row) => ('UserID' in r ? r.Username : r.TeamTag);
  return [...rows].sort((a, b) => b.Points - a.Points || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
}

/** Checks the visible page of the board against the API's rows (Points order, bots as shown). */
async function expectBoardMatchesApi(page: Page, board: Board, opts: { showBots?: boolean; page?: number } = {}) {
  await expect(async () => {
    const all = await api<Row[]>(page, await boardUrl(page, board, opts));
    const visible = byPoints(all.filter((r) => opts.showBots || !('bot' in r) || r.bot !== 1));
    const p = opts.page ?? 1;
    const expected = visible.slice((p - 1) * 50, p * 50);
    const { headers, rows } = await screenTable(page);
    expect(rows.length).toBe(expected.length);
    const nameCol = headers.indexOf(board === 'team' ? 'Team Tag' : 'Username');
    // By header: on a phone the sorted column (Points) follows the name.
    const statCols = ['Races', 'Accuracy', 'WPM', 'Points'].map((h) => headers.indexOf(h));
    rows.forEach((cells, i) => {
      const want = expected[i];
      expect(cells[0]).toMatch(new RegExp(`^${(p - 1) * 50 + i + 1}\\b`));
      expect(cells[nameCol]).toBe('UserID' in want ? want.Username : want.TeamTag);
      expect(statCols.map((c) => cells[c])).toEqual(stats(want));
    });
  }).toPass({ timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.clear());
});

test('/ opens the team 24 hour board with the API’s numbers, medals, links and data time', async ({
  page,
  baseURL,
}) => {
  // The board's request is checked, so the app asks for it itself (no page drawn by the server).
  await withoutServerDrawing(page, baseURL!);
  const seen = recordRequests(page);
  await page.goto('/');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/leaderboards');
  await expect(page.getByRole('tab', { name: 'Team Leaderboards' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: '24 Hour' })).toHaveAttribute('aria-selected', 'true');
  await expectBoardMatchesApi(page, 'team');
  expect(seen.at(-1)!.searchParams.get('showbot')).toBe('FALSE');
  expect(await table(page).locator('thead th').allTextContents()).toEqual(
    expect.arrayContaining([
      expect.stringContaining('Rank'),
      expect.stringContaining('Team Tag'),
      expect.stringContaining('Points'),
    ]),
  );
  const rows = table(page).locator('tbody tr');
  await expect(rows.nth(0).locator('.rank-badge')).toHaveClass(/rank-gold/);
  await expect(rows.nth(1).locator('.rank-badge')).toHaveClass(/rank-silver/);
  await expect(rows.nth(2).locator('.rank-badge')).toHaveClass(/rank-bronze/);
  const firstTag = (await rows.nth(0).locator('td').nth(1).innerText()).trim();
  await expect(rows.nth(0).getByRole('link', { name: firstTag })).toHaveAttribute('href', `/roster?tag=${firstTag}`);
  const site = await (await page.request.get('/api/site')).json();
  await expect(page.locator('.data-as-of time')).toHaveAttribute('datetime', site.lastPollAt);
  await expect(page.locator('.data-as-of')).toContainText(/Data as of .*\d:\d\d [AP]M CT/);
});

test('every period and picker shows the API’s numbers; the address and the back button follow', async ({ page }) => {
  const seen = recordRequests(page);
  await page.goto('/leaderboards');
  await expectBoardMatchesApi(page, 'team');

  await page.getByRole('tab', { name: '7 Day' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('7day');
  await expectBoardMatchesApi(page, 'team');

  await page.getByRole('tab', { name: 'Daily' }).click();
  const day = page.getByRole('combobox', { name: 'Day' });
  await expect(day.locator('option')).toHaveCount(7);
  await expect(day.locator('option').first()).toHaveText(/^Today/);
  await expectBoardMatchesApi(page, 'team');
  const today = await day.inputValue();
  const yesterday = await day.locator('option').nth(1).getAttribute('value');
  await day.selectOption(yesterday!);
  await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(yesterday);
  await expectBoardMatchesApi(page, 'team');
  expect(
    seen.some(
      (u) =>
        u.searchParams.get('start_time') === `${yesterday} 00:00:00` &&
        u.searchParams.get('end_time') === `${yesterday} 23:59:59`,
    ),
  ).toBe(true);
  await page.goBack();
  await expect(day).toHaveValue(today);

  await page.getByRole('tab', { name: 'Weekly' }).click();
  const week = page.getByRole('combobox', { name: 'Week' });
  await expect(week.locator('option')).toHaveCount(7);
  const weeks = await week.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  for (const w of weeks) expect(new Date(`${w}T12:00:00Z`).getUTCDay()).toBe(0);
  expect([...weeks].sort().reverse()).toEqual(weeks);
  await week.selectOption(weeks[1]);
  await expectBoardMatchesApi(page, 'team');
  expect(seen.at(-1)!.searchParams.has('showbot')).toBe(false);
  await expect(page.getByLabel('Show flagged racers')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Monthly' }).click();
  const month = page.getByRole('combobox', { name: 'Month' });
  await expect(month.locator('option')).toHaveCount(6);
  await expectBoardMatchesApi(page, 'team');
  // Monthly team tags are plain text.
  await expect(table(page).locator('tbody tr').first().locator('a')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Custom' }).click();
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await expect(to).toHaveAttribute('max', today);
  await expect(from).toHaveAttribute('max', await to.inputValue());
  await expect(to).toHaveAttribute('min', await from.inputValue());
  await expectBoardMatchesApi(page, 'team');
  await from.fill(yesterday!);
  await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(yesterday);
  await expectBoardMatchesApi(page, 'team');
  await expect(page.locator('.lb-heading')).toHaveAttribute('data-start-time', `${yesterday} 00:00:00`);
});

test('individual boards: pages of 50 ranked by the server, bots on request, rank change against the previous period', async ({
  page,
}) => {
  await page.goto('/leaderboards?view=individuals&period=7day');
  await expectBoardMatchesApi(page, 'individual');
  const all = await api<IndividualLeaderboardRow[]>(page, await boardUrl(page, 'individual'));
  const humans = byPoints(all.filter((r) => r.bot === 0));
  const pages = Math.max(1, Math.ceil(humans.length / 50));
  expect(pages).toBeGreaterThan(1);
  await expect(page.locator('.pager-label')).toHaveText(`Page 1 of ${pages}`);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // Rank change: the same racers ranked by Points on the previous 7 days, bots left out too.
  const previous = await boardUrl(page, 'individual', { previous: true });
  const before = byPoints((await api<IndividualLeaderboardRow[]>(page, previous)).filter((r) => r.bot === 0)).map(
    (r) => r.UserID,
  );
  const changes = await table(page).locator('tbody tr .rank-change').allInnerTexts();
  humans.slice(0, 50).forEach((r, i) => {
    const was = before.indexOf(r.UserID);
    const want = was < 0 ? 'new' : was === i ? '–' : was > i ? `▲${was - i}` : `▼${i - was}`;
    expect(changes[i].toLowerCase(), r.Username).toBe(want);
  });

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('.pager-label')).toHaveText(`Page 2 of ${pages}`);
  await expectBoardMatchesApi(page, 'individual', { page: 2 });
  for (let p = 3; p <= pages; p++) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('.pager-label')).toHaveText(`Page ${p} of ${pages}`);
  }
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  const bots = all.filter((r) => r.bot === 1);
  expect(bots.length).toBeGreaterThan(0);
  await page.getByLabel('Show flagged racers').check();
  await expect(page.locator('.pager-label')).toHaveText(/^Page 1 of/);
  await expectBoardMatchesApi(page, 'individual', { showBots: true });
  const firstBot = byPoints(all).findIndex((r) => r.bot === 1);
  if (firstBot < 50)
    await expect(
      table(page).locator('tbody tr').nth(firstBot).getByRole('img', { name: 'Flagged as bot' }),
    ).toBeVisible();

  // The name opens the game profile in a new tab; the username the racer inspector.
  const row = table(page).locator('tbody tr').first();
  await expect(row.locator('a[target="_blank"]')).toHaveAttribute('href', /nitrotype\.com\/racer\//);
  const username = byPoints(all)[0].Username;
  await expect(row.getByRole('link', { name: username, exact: true })).toHaveAttribute(
    'href',
    `/racers?username=${username}&subtab=batch`,
  );
});

test('every period of the individual board shows the API’s numbers and starts on page 1', async ({ page }) => {
  const seen = recordRequests(page);
  await page.goto('/leaderboards?view=individuals&period=24hour');
  await expectBoardMatchesApi(page, 'individual');
  const firstAsks: URL[] = [];
  for (const [tab, period] of [
    ['7 Day', '7day'],
    ['Daily', 'daily'],
    ['Weekly', 'weekly'],
    ['Monthly', 'monthly'],
    ['Custom', 'custom'],
    ['24 Hour', '24hour'],
  ]) {
    if (await page.getByRole('button', { name: 'Next' }).isEnabled())
      await page.getByRole('button', { name: 'Next' }).click();
    const asked = seen.length;
    await page.getByRole('tab', { name: tab }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe(period);
    await expect(page.locator('.pager-label')).toHaveText(/^Page 1 of \d+$/);
    await expectBoardMatchesApi(page, 'individual');
    if (seen.length > asked) firstAsks.push(seen[asked]);
  }
  // Individual views ask the server for one page, flagged racers left out there; a new period asks for page 1.
  expect(firstAsks.length).toBeGreaterThan(0);
  for (const u of seen) expect(u.searchParams.get('showbot')).toBe('FALSE');
  for (const u of firstAsks) expect(u.searchParams.get('page')).toBe('1');
});

test('daily individual view has a Bot column; sorting toggles and puts missing values last', async ({ page }) => {
  await page.goto('/leaderboards?view=individuals&period=daily');
  await expectBoardMatchesApi(page, 'individual');
  const { headers } = await screenTable(page);
  expect(headers).toEqual(['Rank', 'Display Name', 'Username', 'Team', 'Bot', 'Races', 'Accuracy', 'WPM', 'Points']);

  const wpmCol = headers.indexOf('WPM');
  const wpms = async () =>
    (await screenTable(page)).rows.map((r) => (r[wpmCol] === '-' ? null : Number(r[wpmCol].replace(/,/g, ''))));
  const known = (values: Array<number | null>) => values.filter((v): v is number => v !== null);
  // The header shows the new order at once; the rows follow when the server's sorted page comes.
  await table(page).getByRole('button', { name: /WPM/ }).click();
  await expect(table(page).locator('th[aria-sort="descending"]')).toContainText('WPM');
  await expect.poll(async () => known(await wpms()).every((v, i, desc) => i === 0 || desc[i - 1] >= v)).toBe(true);
  await table(page).getByRole('button', { name: /WPM/ }).click();
  await expect(table(page).locator('th[aria-sort="ascending"]')).toContainText('WPM');
  await expect
    .poll(async () => {
      const values = await wpms();
      const asc = known(values);
      const sorted = asc.every((v, i) => i === 0 || asc[i - 1] <= v);
      return sorted && values.slice(asc.length).every((v) => v === null);
    })
    .toBe(true);
  // Another column sorts descending.
  await table(page).getByRole('button', { name: /Races/ }).click();
  await expect(table(page).locator('th[aria-sort="descending"]')).toContainText('Races');
});

test('the team board’s filter box narrows its rows; the individual board filters by team on the server', async ({
  page,
}) => {
  const tags = (await (await page.request.get('/api/team-tags')).json()) as string[];
  await page.goto('/leaderboards?view=teams&period=7day');
  await expectBoardMatchesApi(page, 'team');
  await page.getByLabel('Filter').fill(tags[0].toLowerCase());
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await page.getByLabel('Filter').fill('zz-nobody-zz');
  await expect(page.locator('.state-empty')).toHaveText('No rows match “zz-nobody-zz”.');

  await page.goto('/leaderboards?view=individuals&period=7day');
  await expectBoardMatchesApi(page, 'individual');
  await page.getByRole('searchbox', { name: 'Team' }).fill(tags[0].toLowerCase());
  await expect.poll(() => new URL(page.url()).searchParams.get('team')).toBe(tags[0]);
  await expect(page.locator('.lb-board-stale')).toHaveCount(0);
  const { headers, rows } = await screenTable(page);
  const teamCol = headers.indexOf('Team');
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r[teamCol]).toBe(tags[0]);
  // Ranks stay the standing on the whole board.
  const all = byPoints(
    (await api<IndividualLeaderboardRow[]>(page, await boardUrl(page, 'individual'))).filter((r) => r.bot === 0),
  );
  const usernameCol = headers.indexOf('Username');
  for (const r of rows) {
    const rank = all.findIndex((x) => x.Username === r[usernameCol]) + 1;
    expect(r[0]).toMatch(new RegExp(`^${rank}\\b`));
  }
  await page.getByRole('searchbox', { name: 'Team' }).fill('ZZZZ');
  await expect(page.locator('.state-empty')).toHaveText('No racers of team ZZZZ on this board.');
});

test('the choice is remembered in storage and shared by the address', async ({ page }) => {
  await page.goto('/leaderboards');
  await page.getByRole('tab', { name: 'Individual Leaderboards' }).click();
  await page.getByRole('tab', { name: 'Weekly' }).click();
  await expect(page.getByRole('combobox', { name: 'Week' })).toBeVisible();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('leaderboardGroupBy'),
      localStorage.getItem('leaderboardActiveTab'),
    ]),
  ).toEqual(['individuals', 'weekly']);
  await page.goto('/leaderboards');
  await expect(page.getByRole('tab', { name: 'Individual Leaderboards' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Weekly' })).toHaveAttribute('aria-selected', 'true');
  // The weekly view has the heading with the checkbox and the week picker.
  await expect(page.locator('.lb-heading')).toContainText('Weekly');
  await expect(page.getByLabel('Show flagged racers')).toBeVisible();

  await page.goto('/leaderboards?view=teams&period=monthly');
  await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Team Leaderboards' })).toHaveAttribute('aria-selected', 'true');
});

test('loading, error and empty states', async ({ page, baseURL }) => {
  await withoutServerDrawing(page, baseURL!);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/api/team-leaderboard?*', async (route) => {
    await gate;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' });
  });
  await page.goto('/leaderboards?period=24hour');
  await expect(page.getByText('Loading leaderboard...')).toBeVisible();
  release();
  await expect(page.locator('.state-error')).toHaveText('Failed to fetch leaderboard');
  await expect(table(page)).toHaveCount(0);

  await page.unroute('**/api/team-leaderboard?*');
  // An empty board: the whole list, or an empty page of the individual board.
  const emptyPage = { rows: [], total: 0, page: 1, pageSize: 50, pages: 0, asOf: null };
  await page.route('**/api/*-leaderboard?*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: new URL(route.request().url()).searchParams.has('page') ? JSON.stringify(emptyPage) : '[]',
    }),
  );
  const cases: Array<[string, string]> = [
    ['/leaderboards?view=teams&period=24hour', 'No team data found for the last 24 hours.'],
    ['/leaderboards?view=teams&period=7day', 'No team data found for the last 7 days.'],
    ['/leaderboards?view=individuals&period=daily', 'No individual data found for this day.'],
    ['/leaderboards?view=individuals&period=weekly', 'No individual data found for this week.'],
    ['/leaderboards?view=teams&period=monthly', 'No team data found for this month.'],
    ['/leaderboards?view=individuals&period=custom', 'No individual data found for this range.'],
  ];
  for (const [url, text] of cases) {
    await page.goto(url);
    await expect(page.locator('.state-empty')).toHaveText(text);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the page never scrolls sideways; the table scrolls in its own box', async ({ page }) => {
    await page.goto('/leaderboards?view=individuals&period=7day');
    await expectBoardMatchesApi(page, 'individual');
    const [pageWidth, viewWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(pageWidth).toBeLessThanOrEqual(viewWidth);
    const box = page.locator('.lb-card .table-wrap');
    const [inner, outer] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(inner).toBeGreaterThan(outer);
    for (const name of ['24 Hour', '7 Day', 'Daily', 'Weekly', 'Monthly', 'Custom']) {
      await expect(page.getByRole('tab', { name })).toBeInViewport();
    }
  });
});
