/**
 * Phone layout of every table (390 × 844): the first row's identity (rank, name or tag) and the
 * number the table is ranked or sorted by are both on screen, side by side, without scrolling the
 * table or the page sideways; the activity cards fit the screen too.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoData, screens, type DemoData } from './screens';
import { ADMIN, logIn } from './support';

const WIDTH = 390;

interface TableCase {
  screen: string;
  /** Header of the identity column that must show. */
  identity: string;
  /** Header of the ranking number; the sorted column when absent. */
  number?: string;
  /** Done before the check, e.g. sorting by another column. */
  then?: (page: Page) => Promise<void>;
}

const VISITOR_TABLES: TableCase[] = [
  { screen: 'team leaderboard', identity: 'Team Tag', number: 'Points' },
  { screen: 'individual leaderboard', identity: 'Display Name', number: 'Points' },
  { screen: 'roster', identity: 'Current Display Name', number: 'Joined' },
  // Sorting by another column brings that column next to the name.
  {
    screen: 'roster',
    identity: 'Current Display Name',
    number: 'Team Races',
    then: (p) =>
      p
        .locator('.data-table')
        .getByRole('button', { name: /Team Races/ })
        .click(),
  },
  { screen: 'events', identity: 'Title', number: 'Start Time (CT)' },
  { screen: 'event viewer racers', identity: 'Display Name' },
  { screen: 'event viewer squads', identity: 'Squad' },
  { screen: 'event viewer teams', identity: 'Team' },
  { screen: 'trackers daily', identity: 'Display Name', number: 'Points' },
  { screen: 'trackers weekly', identity: 'Display Name', number: 'Points' },
  { screen: 'racer batches', identity: 'Batch End Time', number: 'Races' },
  { screen: 'health', identity: 'Current Display Name', number: 'Needs Attention' },
];

const ADMIN_TABLES: TableCase[] = [
  { screen: 'admin events', identity: 'Title', number: 'Actions' },
  { screen: 'users', identity: 'Username', number: 'Actions' },
  { screen: 'tracked teams', identity: 'Tag', number: 'Actions' },
  { screen: 'bot flags', identity: 'Username', number: 'Actions' },
  { screen: 'audit log', identity: 'When', number: 'What' },
];

/** The header texts without sort arrows. */
async function headers(table: Locator): Promise<string[]> {
  return (await table.locator('thead th').allInnerTexts()).map((t) => t.replace(/[↕▲▼]/g, '').trim().toLowerCase());
}

/** Visible and inside the screen's width and, when given, inside the box that clips it (the table's scroll box). */
async function expectOnScreen(el: Locator, what: string, clip?: Locator) {
  await expect(el, what).toBeVisible();
  const box = await el.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(WIDTH);
  if (clip) {
    const [left, right] = await clip.evaluate((c) => {
      const r = c.getBoundingClientRect();
      return [r.left + c.clientLeft, r.left + c.clientLeft + c.clientWidth];
    });
    expect(box!.x, `${what} within the table box`).toBeGreaterThanOrEqual(left - 0.5);
    expect(box!.x + box!.width, `${what} within the table box`).toBeLessThanOrEqual(right + 0.5);
  }
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const [scrollWidth, scrollX] = await page.evaluate(() => [document.documentElement.scrollWidth, window.scrollX]);
  expect(scrollWidth, what).toBeLessThanOrEqual(WIDTH);
  expect(scrollX, what).toBe(0);
}

async function checkTable(page: Page, data: DemoData, c: TableCase) {
  const screen = screens(data).find((s) => s.name === c.screen)!;
  await screen.open(page);
  if (c.then) await c.then(page);
  const table = page.locator('.data-table').first();
  const names = await headers(table);
  const sorted = (
    await table.locator('thead th[aria-sort="ascending"], thead th[aria-sort="descending"]').allInnerTexts()
  )[0];
  const numberHeader = (c.number ?? sorted ?? '').replace(/[↕▲▼]/g, '').trim().toLowerCase();
  const idAt = names.indexOf(c.identity.toLowerCase());
  const numAt = names.indexOf(numberHeader);
  expect(idAt, `${c.screen}: ${c.identity} among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  expect(numAt, `${c.screen}: ${numberHeader} among ${names.join(', ')}`).toBeGreaterThan(idAt);
  const row = table.locator('tbody tr:not(.empty-row)').first();
  // The first table's own scroll box (a screen may hold several tables).
  const wrap = page.locator('.table-wrap').first();
  await expectOnScreen(row.locator('td').nth(idAt), `${c.screen}: ${c.identity} cell`, wrap);
  await expectOnScreen(row.locator('td').nth(numAt), `${c.screen}: ${numberHeader} cell`, wrap);
  // The table box itself has not been scrolled to get there.
  expect(await table.evaluate((t) => t.parentElement!.scrollLeft), c.screen).toBe(0);
  await expectNoSidewaysScroll(page, c.screen);
}

test('every public table shows a row’s identity beside its ranking number', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/about');
  const data = await demoData(page);
  for (const c of VISITOR_TABLES) await checkTable(page, data, c);
});

test('every admin table shows a row’s identity beside its actions', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/about');
  const data = await demoData(page);
  await logIn(page, ADMIN);
  // A flagged racer for the bot flags table (and a line in the audit log); unflagged again at the end.
  const flag = (bot: boolean) =>
    page.request.put(`/api/admin/bot-flags/${encodeURIComponent(data.username)}`, { data: { bot } });
  expect((await flag(true)).ok()).toBe(true);
  try {
    for (const c of ADMIN_TABLES) await checkTable(page, data, c);
  } finally {
    await flag(false);
  }
});

test('the board with the You card shows its first ranked row without scrolling, and the page scrolls as one', async ({
  page,
}) => {
  await page.goto('/about');
  const data = await demoData(page);
  await page.evaluate(
    (u) => localStorage.setItem('myRacer', JSON.stringify({ username: u, displayName: u, teamTag: null })),
    data.username,
  );
  for (const view of ['individuals', 'teams']) {
    await page.goto(`/leaderboards?view=${view}`);
    if (view === 'individuals') await expect(page.locator('.you-card .you-rank .rank-badge')).toBeVisible();
    const first = page.locator('.data-table tbody tr:not(.empty-row)').first();
    await expect(first).toBeVisible();
    expect(await page.evaluate(() => window.scrollY), view).toBe(0);
    const box = (await first.boundingBox())!;
    expect(box.y + box.height, `${view}: the first row's bottom`).toBeLessThanOrEqual(844);
    // No table is a scroll box of its own up and down: a thumb scrolls the page.
    const inner = await page
      .locator('.table-wrap')
      .evaluateAll((wraps) => wraps.filter((w) => w.scrollHeight > w.clientHeight + 1).length);
    expect(inner, view).toBe(0);
  }
});

test('the activity cards and charts fit the phone', async ({ page }) => {
  await page.goto('/about');
  const data = await demoData(page);
  await screens(data)
    .find((s) => s.name === 'activity')!
    .open(page);
  const cards = page.locator('.stat-card');
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) await expectOnScreen(card, 'stat card');
  for (const chart of await page.locator('.activity-card canvas').all()) {
    const box = (await chart.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
  }
  await expectNoSidewaysScroll(page, 'activity');
});

test('the staff dialogs fit the phone with their buttons in view', async ({ page }) => {
  await page.goto('/about');
  const data = await demoData(page);
  await logIn(page, ADMIN);
  for (const [screen, title, submit] of [
    ['add event dialog', 'Add Event', 'Add Event'],
    ['pay-to-play dialog', 'Pay-to-Play Settings', 'Save Settings'],
  ] as const) {
    await screens(data)
      .find((s) => s.name === screen)!
      .open(page);
    const dialog = page.getByRole('dialog', { name: title });
    const box = (await dialog.boundingBox())!;
    expect(box.y, screen).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, screen).toBeLessThanOrEqual(844);
    for (const name of ['Cancel', submit, 'Close'])
      await expect(dialog.getByRole('button', { name, exact: true }), `${screen}: ${name}`).toBeInViewport({
        ratio: 1,
      });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});
