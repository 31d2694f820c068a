/**
 * Event owners and flagged racers' winnings against the demo community, shared by the desktop and
 * phone specs: the event dialog names the owner, a teamadmin of a team in someone else's shared
 * event sees its actions disabled with the reason, and the viewer and payouts list say why a
 * flagged racer of the pay-to-play cup gets nothing.
 */
import { expect, type Page } from '@playwright/test';
import type { Event, Participant } from '../../contract/events';
import { fmt, openPayouts, payoutsOf, payToPlayEvent } from './payouts-flow';
import { ADMIN, CAPTAIN, getJson, logIn, type StaffAccount } from './support';

const SHOTS = process.env.SHOTS_DIR;
export async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A teamadmin of another team of the demo cup (owned by the first demo team), made through the users call. */
export async function secondTeamCaptain(page: Page): Promise<{ account: StaffAccount; tag: string; owner: string }> {
  const { event } = await payToPlayEvent(page);
  const owner = event.OwnerTag;
  const tag = event.TeamTag.split(' ').find((t) => t !== owner)!;
  const account = { username: `capt2x${Date.now() % 100000}`, password: 'second-captain-password' };
  const api = page.request;
  expect((await api.post('/api/login', { data: ADMIN })).status()).toBe(200);
  const created = await api.post('/api/users', {
    data: { username: account.username, password: account.password, role: 'teamadmin', teamTag: tag },
  });
  expect(created.status(), await created.text()).toBe(200);
  await api.post('/api/logout');
  return { account, tag, owner };
}

/** The captain's dialog names their team as the owner of a new event and of the shared cup. */
export async function checkDialogShowsOwner(page: Page) {
  const { event } = await payToPlayEvent(page);
  // The cup belongs to the first demo team, the captain's.
  const tag = event.OwnerTag;
  expect(event.TeamTag.split(' ').length).toBeGreaterThan(1);
  await page.goto(`/teams/admin?tag=${tag}`);
  await logIn(page, CAPTAIN);
  await page.getByRole('button', { name: 'Add Event' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog.locator('.event-form-owner')).toContainText(`Owner team: ${tag}`);
  await expect(dialog.locator('.event-form-owner')).toContainText('Your team owns this event');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const row = page.getByRole('row').filter({ hasText: event.Title });
  await expect(row.getByRole('button', { name: `Edit ${event.Title}` })).toBeEnabled();
  await row.getByRole('button', { name: `Edit ${event.Title}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByLabel('Team Tag(s)')).toHaveValue(event.TeamTag);
  await expect(dialog.locator('.event-form-owner')).toContainText(`Owner team: ${tag}`);
  await shot(page, `event-dialog-owner-${page.viewportSize()!.width}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The pay-to-play dialog has "Pay flagged racers", off in the demo cup.
  await row.getByRole('button', { name: `Pay-to-play settings for ${event.Title}` }).click();
  dialog = page.getByRole('dialog', { name: 'Pay-to-Play Settings' });
  await expect(dialog.getByLabel(/Pay flagged racers/)).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
}

/** An admin picks the owner among the entered teams. */
export async function checkAdminChoosesOwner(page: Page) {
  const tags = await getJson<string[]>(page, '/api/team-tags');
  await page.goto(`/teams/admin?tag=${tags[0]}`);
  await logIn(page, ADMIN);
  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  await dialog.getByLabel('Team Tag(s)').fill(`${tags[0]} ${tags[1]}`);
  const owner = dialog.getByLabel('Owner team');
  await expect(owner).toHaveValue(tags[0]);
  await expect(owner.locator('option')).toHaveText([tags[0], tags[1]]);
  await owner.selectOption(tags[1]);
  await dialog.getByLabel('Team Tag(s)').fill(tags[0]);
  // The chosen team left the list: the first team owns it.
  await expect(owner).toHaveValue(tags[0]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
}

/** A teamadmin of a team in the first team's shared events sees their actions disabled, with why. */
export async function checkNonOwnerReadOnly(page: Page) {
  const { account, tag, owner } = await secondTeamCaptain(page);
  const shared = (await getJson<Event[]>(page, `/api/team-events?tag=${tag}`)).filter((e) => e.OwnerTag === owner);
  expect(shared.length, 'the second demo team takes part in the first team’s events').toBeGreaterThan(0);
  await page.goto(`/teams/admin?tag=${tag}`);
  await logIn(page, account);
  await expect(page.getByRole('heading', { name: `Events of ${tag}` })).toBeVisible();
  for (const e of shared) {
    const row = page.getByRole('row').filter({ hasText: e.Title });
    for (const name of [`Edit ${e.Title}`, `Pay-to-play settings for ${e.Title}`, `Delete ${e.Title}`])
      await expect(row.getByRole('button', { name })).toBeDisabled();
    await expect(row).toContainText(`Owned by ${owner}: only its team admins or an admin can change it`);
  }
  await shot(page, `event-non-owner-${page.viewportSize()!.width}`);
  // The server agrees: the same change is refused.
  const res = await page.request.put(`/api/admin/events/${shared[0].EventID}`, { data: { PayFlagged: true } });
  expect(res.status()).toBe(403);
  await page.getByRole('button', { name: 'Logout' }).click();
}

/** The cup's flagged racers: the viewer and the payouts list show why they get nothing. */
export async function checkFlaggedRacerShown(page: Page) {
  const { tag, event } = await payToPlayEvent(page);
  // Flag the cup's top winner as an admin would, unless a flagged racer already would win.
  const before = await payoutsOf(page, event.EventID);
  const top = before.payouts[0];
  const api = page.request;
  expect((await api.post('/api/login', { data: ADMIN })).status()).toBe(200);
  const flag = await api.put(`/api/admin/bot-flags/${encodeURIComponent(top.Username)}`, { data: { bot: true } });
  expect(flag.status(), await flag.text()).toBe(200);
  await api.post('/api/logout');
  await expect
    .poll(async () => (await payoutsOf(page, event.EventID)).payouts.some((p) => p.Withheld !== null))
    .toBe(true);
  const { participants } = await getJson<{ participants: Participant[] }>(
    page,
    `/api/event-participants/${event.EventID}`,
  );
  const flagged = participants.filter((p) => p.Withheld !== null);
  expect(flagged.length, 'a flagged racer would win in the demo cup').toBeGreaterThan(0);
  expect(flagged.every((p) => p.bot === 1 && p.Winnings === null)).toBe(true);
  const data = await payoutsOf(page, event.EventID);
  expect(data.payouts[0].bot, 'the top payout goes to an unflagged racer').toBe(0);

  await page.goto(`/eventviewer?tag=${tag}&event=${event.EventID}`);
  const name = flagged[0].CurrentDisplayName || flagged[0].Username;
  const row = page.locator('.event-results table tbody tr').filter({ hasText: name });
  await expect(row.locator('.winnings-withheld')).toContainText('Not paid: flagged');
  await expect(row.locator('.winnings-withheld')).toContainText(`${fmt(flagged[0].Withheld!)} by the formula`);
  await row.scrollIntoViewIfNeeded();
  await shot(page, `viewer-flagged-${page.viewportSize()!.width}`);

  await openPayouts(page, tag, event.EventID);
  await expect(page.locator('.payouts')).toContainText('this event does not pay flagged racers');
  const payRow = page.locator('.payouts table tbody tr').filter({ hasText: name });
  await expect(payRow.locator('.winnings-withheld')).toContainText('Not paid: flagged');
  await expect(payRow).toContainText('Not owed');
  await payRow.scrollIntoViewIfNeeded();
  await shot(page, `payouts-flagged-${page.viewportSize()!.width}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}
