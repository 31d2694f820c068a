/** Payouts at 390x844: the read-only view fits the screen, and the team's captain ticks a winner paid and unpaid by keyboard and touch. */
import { test } from '@playwright/test';
import { checkMarking, checkVisitorView } from './payouts-flow';
import { CAPTAIN } from './support';

test('a visitor sees the payouts read-only, within the screen width', async ({ page }) => {
  await checkVisitorView(page);
});

test('the captain of a team in the event marks a winner paid and unpaid', async ({ page }) => {
  await checkMarking(page, CAPTAIN, true);
});
