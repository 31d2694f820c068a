/** A team the game does not answer for, and a team whose data is old, on a phone at 390x844 (team-failing-flow.ts). */
import { test } from '@playwright/test';
import { failingTeamFlow, staleDemoTeamFlow } from './team-failing-flow';

test('on a phone, the admin panel says why a team fails; its screens say there is no data', async ({
  page,
  context,
}) => {
  await failingTeamFlow(page, context, 'E2EGONEP');
});

test('on a phone, a team whose last poll is over 30 minutes old says so on its screens', async ({ page }) => {
  await staleDemoTeamFlow(page);
});
