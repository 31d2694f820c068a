/** Event owners and flagged racers' winnings at 1440x900 (the flows in event-owner-flow.ts). */
import { test } from '@playwright/test';
import {
  checkAdminChoosesOwner,
  checkDialogShowsOwner,
  checkFlaggedRacerShown,
  checkNonOwnerReadOnly,
} from './event-owner-flow';

test("the event dialog names the owner: a captain's own team", async ({ page }) => {
  await checkDialogShowsOwner(page);
});

test('an admin chooses the owner among the entered teams', async ({ page }) => {
  await checkAdminChoosesOwner(page);
});

test("a teamadmin sees another team's shared events read-only, with the reason", async ({ page }) => {
  await checkNonOwnerReadOnly(page);
});

test('the viewer and the payouts list show why a flagged racer gets nothing', async ({ page }) => {
  await checkFlaggedRacerShown(page);
});
