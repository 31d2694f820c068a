/**
 * The event viewer's Payouts tab against the demo community's pay-to-play cup, shared by the
 * desktop and phone specs: the winners and totals as the API gives them, read-only for a visitor,
 * and a staff member ticking a winner paid and unpaid (the server's state checked after each).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Event } from '../../contract/events';
import type { EventPayoutsResponse, PayoutRow } from '../../contract/payouts';
import type { AuditLogResponse } from '../../contract/staff';
import { ADMIN, appReady, getJson, logIn, tapUntil, type StaffAccount } from './support';

const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
export const fmt = (n: number) => (Number.isInteger(n) ? whole : cents).format(n);

/** The first demo team in the pay-to-play event, and the event. */
export async function payToPlayEvent(page: Page): Promise<{ tag: string; event: Event }> {
  for (const tag of await getJson<string[]>(page, '/api/team-tags')) {
    const event = (await getJson<Event[]>(page, `/api/team-events?tag=${tag}`)).find((e) => e.PayoutIncrement);
    if (event) return { tag, event };
  }
  throw new Error('no pay-to-play event in the demo');
}

export const payoutsOf = (page: Page, eventId: number) =>
  getJson<EventPayoutsResponse>(page, `/api/event-payouts/${eventId}`);

export async function openPayouts(page: Page, tag: string, eventId: number) {
  await page.goto(`/eventviewer?tag=${tag}&event=${eventId}`);
  await expect(page.locator('.event-results table tbody tr').first()).toBeVisible();
  // The viewer is drawn by the server: a tap before it has hydrated is lost now and then (the early
  // taps are the drawing specs' subject).
  await appReady(page);
  await tapUntil(
    page.getByRole('tab', { name: 'Payouts', exact: true }),
    page.locator('.payouts table tbody tr').first(),
  );
}

const totalsText = async (page: Page) =>
  Object.fromEntries(
    await page
      .locator('.payout-totals .info-item')
      .evaluateAll((items) =>
        items.map((i) => [i.querySelector('dt')!.textContent!.trim(), i.querySelector('dd')!.textContent!.trim()]),
      ),
  ) as Record<string, string>;

/** The table and totals on screen match the API's answer, in its order. */
export async function expectScreenMatches(page: Page, data: EventPayoutsResponse) {
  const rows = page.locator('.payouts table tbody tr');
  await expect(rows).toHaveCount(data.payouts.length);
  for (const [i, p] of data.payouts.slice(0, 5).entries()) {
    const row = rows.nth(i);
    const profile = row.locator('a.external-link');
    await expect(profile).toHaveText(p.CurrentDisplayName || p.Username);
    await expect(profile).toHaveAttribute('href', `https://www.nitrotype.com/racer/${encodeURIComponent(p.Username)}`);
    await expect(profile).toHaveAttribute('target', '_blank');
    await expect(row).toContainText(fmt(p.Winnings!));
  }
  expect(await totalsText(page)).toMatchObject({
    Winners: String(data.totals.Winners),
    Winnings: fmt(data.totals.Winnings),
    Paid: fmt(data.totals.Paid),
    Owed: fmt(data.totals.Owed),
  });
}

/** A visitor sees the paid state as text, with no checkbox. */
export async function checkVisitorView(page: Page) {
  const { tag, event } = await payToPlayEvent(page);
  const data = await payoutsOf(page, event.EventID);
  expect(data.paysOut).toBe(true);
  expect(data.payouts.length, 'the demo cup has winners').toBeGreaterThan(0);
  await openPayouts(page, tag, event.EventID);
  await expectScreenMatches(page, data);
  await expect(page.locator('.payouts input[type="checkbox"]')).toHaveCount(0);
  await expect(page.locator('.payouts table tbody tr').first().locator('.payout-state')).toHaveText(
    data.payouts[0].Paid ? 'Paid' : 'Unpaid',
  );
  await expectFits(page);
  await expectAccessible(page);
}

/** The team a teamadmin manages (null for an admin). */
export const myTeam = async (page: Page) =>
  (await getJson<{ teamTag: string | null }>(page, '/api/my-team-tag')).teamTag;

/** Staff tick the first unpaid winner they may mark (by keyboard when asked), then unpaid again. */
export async function checkMarking(page: Page, who: StaffAccount, keyboard: boolean) {
  const { tag, event } = await payToPlayEvent(page);
  await page.goto('/about');
  await logIn(page, who);
  await openPayouts(page, tag, event.EventID);
  const before = await payoutsOf(page, event.EventID);
  const own = await myTeam(page);
  const target = before.payouts.find(
    (p) => !p.Paid && p.Winnings !== null && (own === null || p.TeamTag === own),
  ) as PayoutRow;
  expect(target, 'an unpaid winner').toBeDefined();
  const name = target.CurrentDisplayName || target.Username;
  const box = page.getByRole('checkbox', { name: `${name} paid` });
  await expect(box).not.toBeChecked();
  if (keyboard) {
    await box.focus();
    await page.keyboard.press('Space');
  } else {
    await box.check();
  }
  await expect(box).toBeChecked();
  await expect(box).toBeEnabled();
  const row = page.locator('.payouts table tbody tr').filter({ has: box });
  await expect(row.locator('td').nth(await column(page, 'Paid Amount'))).toHaveText(fmt(target.Winnings!));

  const after = await payoutsOf(page, event.EventID);
  const marked = after.payouts.find((p) => p.Username === target.Username)!;
  expect(marked).toMatchObject({ Paid: true, PaidAmount: target.Winnings, Owed: 0 });
  // Totals move by exactly the marked amount (no poll changes standings mid-test in the demo's 10-minute slots).
  expect(after.totals.Paid).toBeCloseTo(before.totals.Paid + target.Winnings!, 2);
  expect(after.totals.Owed).toBeCloseTo(before.totals.Owed - target.Winnings!, 2);
  await expect(page.locator('.payout-totals')).toContainText(fmt(after.totals.Paid));
  await expectFits(page);
  await expectAccessible(page);
  await page.locator('.payouts').screenshot({ path: `test-results/payouts/${test.info().project.name}-staff.png` });

  await box.uncheck();
  await expect(box).not.toBeChecked();
  await expect(box).toBeEnabled();
  const reverted = await payoutsOf(page, event.EventID);
  expect(reverted.payouts.find((p) => p.Username === target.Username)).toMatchObject({ Paid: false, PaidAmount: null });
  expect(reverted.totals.Paid).toBeCloseTo(before.totals.Paid, 2);
  if (who.username === ADMIN.username) {
    const log = await getJson<AuditLogResponse>(page, '/api/admin/audit-log');
    expect(
      log.entries.slice(0, 2).map((e) => [e.action, e.actor, (e.detail as { username: string }).username]),
    ).toEqual([
      ['payout.unpaid', 'admin', target.Username],
      ['payout.paid', 'admin', target.Username],
    ]);
  }
}

/**
 * The teamadmin of one of the event's teams: a Paid checkbox on their own team's rows only; the
 * other teams' rows show the paid state as text, with the reason above the table.
 */
export async function checkOtherTeamsReadOnly(page: Page, who: StaffAccount) {
  const { tag, event } = await payToPlayEvent(page);
  await page.goto('/about');
  await logIn(page, who);
  const own = await myTeam(page);
  await openPayouts(page, tag, event.EventID);
  const data = await payoutsOf(page, event.EventID);
  const others = data.payouts.filter((p) => p.TeamTag !== own);
  expect(others.length, 'winners of other teams in the cup').toBeGreaterThan(0);
  expect(data.payouts.length - others.length, `winners of ${own}`).toBeGreaterThan(0);
  const rows = page.locator('.payouts table tbody tr');
  await expect(rows).toHaveCount(data.payouts.length);
  for (const [i, p] of data.payouts.entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(p.Username);
    if (p.TeamTag === own) {
      await expect(row.getByRole('checkbox')).toHaveCount(1);
    } else {
      await expect(row.getByRole('checkbox')).toHaveCount(0);
      // A flagged racer this event does not pay is owed nothing.
      const state = p.Paid ? 'Paid' : p.Withheld !== null ? 'Not owed' : 'Unpaid';
      await expect(row.locator('.payout-state')).toHaveText(state);
    }
  }
  await expect(page.locator('.payout-note').filter({ hasText: /^You mark/ })).toHaveText(
    `You mark the payouts of ${own} racers; other teams' rows are read-only (their own teamadmin or an admin marks them).`,
  );
  await expectFits(page);
  await expectAccessible(page);
}

/** The index of a column of the payouts table by its header (the order differs on a phone). */
async function column(page: Page, header: string): Promise<number> {
  const headers = (await page.locator('.payouts table thead th').allTextContents()).map((h) =>
    h.replace(/[▲▼↕]/g, '').trim(),
  );
  const i = headers.indexOf(header);
  expect(i, header).toBeGreaterThanOrEqual(0);
  return i;
}

/** No serious or critical WCAG 2.2 AA violation on the Payouts tab (as accessibility.spec.ts checks every screen). */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    ),
  ).toEqual([]);
}

/** Nothing wider than the window: the table scrolls inside its own box. */
export async function expectFits(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, win: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.win);
}
