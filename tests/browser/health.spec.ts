/**
 * The team's Health view against its own API answers: the roster's summary line leads there, the
 * table lists every current member, "Needs attention only" keeps exactly those with a reason, the
 * log lists every event, the export holds the rows shown; and the page fits a 390 px phone.
 */
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import type { StrikeHistoryResponse } from '../../contract/requirements';
import type { MembershipLogResponse, RosterHealthResponse } from '../../contract/roster-health';
import { firstTag, getJson } from './support';

async function load(page: Page) {
  await page.goto('/about');
  const tag = await firstTag(page);
  const health = await getJson<RosterHealthResponse>(page, `/api/roster-health?tag=${tag}`);
  const log = await getJson<MembershipLogResponse>(page, `/api/membership-log?tag=${tag}`);
  return { tag, health, log, needing: health.members.filter((m) => m.Attention.length > 0) };
}

const healthRows = (page: Page) => page.locator('.health-card tbody tr:not(.empty-row)');

test('the roster leads to the Health view, which lists, filters and exports the members', async ({ page }) => {
  const { tag, health, log, needing } = await load(page);
  expect(health.members.length).toBeGreaterThan(0);

  await page.goto(`/roster?tag=${tag}`);
  await expect(page.locator('.health-summary')).toContainText(
    needing.length ? `${needing.length} of ${health.members.length} members need attention` : 'Every member is active',
  );
  await page.getByRole('link', { name: 'See roster health' }).click();
  await expect(page).toHaveURL(new RegExp(`/health\\?tag=${tag}$`));
  await expect(page.getByRole('link', { name: 'Health', exact: true })).toHaveAttribute('aria-current', 'page');

  await expect(page.locator('.health-card .card-title, .health-card h2').first()).toContainText(
    `${needing.length} of ${health.members.length} need attention`,
  );
  await expect(healthRows(page)).toHaveCount(health.members.length);

  // The filter by keyboard: only members with a reason stay.
  const filter = page.getByRole('checkbox', { name: /Needs attention only/ });
  await filter.focus();
  await page.keyboard.press('Space');
  await expect(filter).toBeChecked();
  await expect(healthRows(page)).toHaveCount(needing.length);
  if (needing.length === 0) await expect(page.locator('.health-card')).toContainText('No member needs attention.');

  // The export holds the rows shown.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.health-card').getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`health_${tag}.csv`);
  const csv = Papa.parse<string[]>(await fs.readFile((await download.path())!, 'utf8'), { skipEmptyLines: true });
  expect(csv.data[0].slice(0, 4)).toEqual(['Current Display Name', 'Username', 'Joined (CT)', 'Needs Attention']);
  expect(
    csv.data
      .slice(1)
      .map((r) => r[1])
      .sort(),
  ).toEqual(needing.map((m) => m.Username).sort());

  // The membership log shows every event the server reports, newest first.
  const logRows = page.locator('.membership-log-card tbody tr:not(.empty-row)');
  await expect(logRows).toHaveCount(log.length);
  if (log.length) await expect(logRows.first()).toContainText(log[0].At.slice(0, 16));
});

test('sorting by days since the last race puts never-raced and the longest idle first', async ({ page }) => {
  const { tag, health } = await load(page);
  await page.goto(`/health?tag=${tag}`);
  await expect(healthRows(page)).toHaveCount(health.members.length);
  await page.getByRole('button', { name: /Since Last Race/ }).click();
  await expect(page.locator('.health-card th[aria-sort="descending"]')).toContainText('Since Last Race');
  const idle = health.members.map((m) => m.DaysSinceLastRace ?? Number.MAX_SAFE_INTEGER).sort((a, b) => b - a);
  const first = idle[0] === Number.MAX_SAFE_INTEGER ? '-' : idle[0] === 0 ? 'Today' : `${idle[0]} day`;
  await expect(healthRows(page).first()).toContainText(first);
});

test("shows each member's strikes and this week's risk, and exports the strike history", async ({ page }) => {
  const { tag, health } = await load(page);
  const history = await getJson<StrikeHistoryResponse>(page, `/api/requirement-strikes?tag=${tag}`);
  // The first demo team has a judged week (tests/browser/serve.ts): the fixture must give strikes.
  expect(history.strikes.length).toBeGreaterThan(0);
  await page.goto(`/health?tag=${tag}`);
  await expect(healthRows(page)).toHaveCount(health.members.length);
  await expect(page.locator('.health-requirements')).toContainText(`judged on the week of Sun`);
  const struck = health.members.filter((m) => m.Strikes > 0);
  await expect(page.locator('.health-card .strike-count')).toHaveCount(struck.length);
  await expect(page.locator('.health-card .at-risk-pill')).toHaveCount(health.members.filter((m) => m.AtRisk).length);

  const card = page.locator('.strike-history-card');
  const active = history.strikes.filter((x) => x.Active).length;
  await expect(card.locator('h2, .card-title').first()).toContainText(
    `${active} active, ${history.strikes.length} in all`,
  );
  await expect(card.locator('tbody tr:not(.empty-row)')).toHaveCount(history.strikes.length);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`strikes_${tag}.csv`);
  const csv = Papa.parse<string[]>(await fs.readFile((await download.path())!, 'utf8'), { skipEmptyLines: true });
  expect(csv.data[0].slice(0, 5)).toEqual(['Week (Sunday)', 'Current Display Name', 'Username', 'Races', 'Owed']);
  expect(csv.data.slice(1).map((r) => `${r[0]}|${r[2]}|${r[3]}|${r[4]}`)).toEqual(
    history.strikes.map((x) => `${x.Week}|${x.Username}|${x.Races}|${x.Owed}`),
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: '/tmp/strikes-health-1440.png', fullPage: true });
});

test('the roster names the week its requirement verdict judges', async ({ page }) => {
  // That both answers give the same verdict for the same week: tests/server/requirement-strikes.test.ts.
  const { tag } = await load(page);
  await page.goto(`/roster?tag=${tag}`);
  await expect(page.locator('.roster-requirement')).toContainText('week of Sun');
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Health view fits the width, the reasons lead after the name', async ({ page }) => {
    const { tag, health } = await load(page);
    await page.goto(`/health?tag=${tag}`);
    await expect(healthRows(page)).toHaveCount(health.members.length);
    await expect(page.getByRole('link', { name: 'Health', exact: true })).toBeInViewport();
    const headers = await page.locator('.health-card thead th').allTextContents();
    expect(headers.slice(0, 2).map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual([
      'Current Display Name',
      'Needs Attention',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.locator('.membership-log-card')).toBeVisible();
    await expect(page.locator('.strike-history-card tbody tr').first()).toBeVisible();
    await page.screenshot({ path: '/tmp/strikes-health-390.png', fullPage: true });
  });
});
