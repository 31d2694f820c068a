/**
 * Payouts at 1440x900: a visitor's read-only view matches the API, an admin ticks a winner paid
 * and unpaid with the mouse (audited), a team's captain sees the other teams' rows read-only, the
 * export holds the table, and the tab opens offline.
 */
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import {
  checkMarking,
  checkOtherTeamsReadOnly,
  checkVisitorView,
  openPayouts,
  payoutsOf,
  payToPlayEvent,
} from './payouts-flow';
import { ADMIN, CAPTAIN, persistedQueries } from './support';

test('a visitor sees the winners, amounts, totals and paid state read-only', async ({ page }) => {
  await checkVisitorView(page);
});

test('an admin marks a winner paid and unpaid', async ({ page }) => {
  await checkMarking(page, ADMIN, false);
});

test("a team's captain sees the other teams' winners read-only", async ({ page }) => {
  await checkOtherTeamsReadOnly(page, CAPTAIN);
});

test('the CSV export holds the payouts table', async ({ page }) => {
  const { tag, event } = await payToPlayEvent(page);
  const data = await payoutsOf(page, event.EventID);
  await openPayouts(page, tag, event.EventID);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.payouts').getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`event_${event.EventID}_payouts.csv`);
  const text = await fs.readFile((await download.path())!, 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.meta.fields).toEqual([
    'Display Name',
    'Username',
    'Team',
    'Races',
    'Winnings',
    'Paid',
    'Paid Amount',
    'Paid At',
    'Owed (negative: overpaid)',
    'Bot',
  ]);
  // A flagged racer this event does not pay has no amount (an empty cell).
  const amount = (cell: string) => (cell === '' ? null : Number(cell));
  expect(parsed.data.map((r) => [r.Username, amount(r.Winnings), r.Paid, r.Bot])).toEqual(
    data.payouts.map((p) => [p.Username, p.Winnings, p.Paid ? 'Yes' : 'No', p.bot ? 'Yes' : 'No']),
  );
});

test('the Payouts tab shows its saved list offline', async ({ page, context }) => {
  const { tag, event } = await payToPlayEvent(page);
  await page.goto('/about');
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  await openPayouts(page, tag, event.EventID);
  await expect
    .poll(async () => (await persistedQueries(page)).some((h) => /^\["events",\d+,"payouts"\]$/.test(h)))
    .toBe(true);
  await context.setOffline(true);
  await openPayouts(page, tag, event.EventID);
  await expect(page.locator('.banner-offline')).toBeVisible();
  await expect(page.locator('.payouts .state-error, .payouts .state-loading')).toHaveCount(0);
  await context.setOffline(false);
});
