/** Event owners and flagged racers' winnings at 390x844 (the flows in event-owner-flow.ts). */
import { test } from '@playwright/test';
import { checkDialogShowsOwner, checkFlaggedRacerShown, checkNonOwnerReadOnly } from './event-owner-flow';

test("on a phone, the event dialog names the owner: a captain's own team", async ({ page }) => {
  await checkDialogShowsOwner(page);
});

test("on a phone, a teamadmin sees another team's shared events read-only, with the reason", async ({ page }) => {
  await checkNonOwnerReadOnly(page);
});

test('on a phone, the viewer and the payouts list show why a flagged racer gets nothing', async ({ page }) => {
  await checkFlaggedRacerShown(page);
});
