/**
 * The Discord panel of /teams/admin as a team's captain: a refused URL, connecting (the URL never
 * shown again, only its last 4 characters), a test message answered by serve.ts's stand-in for
 * Discord, changing the posts, and removing the webhook; then a webhook that answers too late:
 * the test says so, and the posts it never confirmed are listed (phone and desktop) for the
 * captain to post again.
 */
import { expect, test } from '@playwright/test';
import { CAPTAIN, firstTag, logIn } from './support';

const TOKEN = 'e2e-token-abcdefghijk-wxyz';

test('a captain connects a Discord webhook, tests it, changes the posts and removes it', async ({ page, baseURL }) => {
  await page.goto(`/teams/admin?tag=${await firstTag(page)}`);
  const hook = `${baseURL}/api/webhooks/123456789012/${TOKEN}`;
  await logIn(page, CAPTAIN);
  // The captain's own team, whichever tag the address named.
  const tag = ((await (await page.request.get('/api/my-team-tag')).json()) as { teamTag: string }).teamTag;
  await page.getByRole('tab', { name: 'Discord', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Discord' });
  await expect(panel.getByText(`${tag} is not connected to Discord.`)).toBeVisible();
  const testButton = panel.getByRole('button', { name: 'Send a test message' });
  await expect(testButton).toBeDisabled();
  await expect(panel.getByText('Save a webhook first')).toBeVisible();

  await panel.getByLabel('Webhook URL').fill('https://example.com/not-a-webhook');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('alert')).toContainText('url must start with');

  await panel.getByLabel('Webhook URL').fill(hook);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved.');
  await expect(panel.getByText('Posting to the webhook ending in …wxyz.')).toBeVisible();
  await expect(panel.getByLabel('Replace the webhook URL')).toHaveValue('');
  const settings = await page.request.get(`/api/admin/discord?tag=${tag}`);
  expect(await settings.text()).not.toContain(TOKEN);

  await testButton.click();
  await expect(panel.getByRole('status')).toHaveText('Test message posted: check the channel.');

  await panel.getByLabel('The team’s top racers of each day').uncheck();
  await panel.getByLabel('Who joined and who left the team each day').check();
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved.');
  await page.reload();
  await page.getByRole('tab', { name: 'Discord', exact: true }).click();
  await expect(panel.getByLabel('The team’s top racers of each day')).not.toBeChecked();
  await expect(panel.getByLabel(/Event standings/)).toBeChecked();
  await expect(panel.getByLabel('Who joined and who left the team each day')).toBeChecked();
  expect(await page.content()).not.toContain(TOKEN);

  await panel.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the Discord webhook?' });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(`${tag} is not connected to Discord.`)).toBeVisible();
});

test('posts Discord never confirmed are listed, and one can be posted again', async ({ page, baseURL }) => {
  await page.goto(`/teams/admin?tag=${await firstTag(page)}`);
  await logIn(page, CAPTAIN);
  const tag = ((await (await page.request.get('/api/my-team-tag')).json()) as { teamTag: string }).teamTag;
  await page.getByRole('tab', { name: 'Discord', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Discord' });
  await panel.getByLabel('Webhook URL').fill(`${baseURL}/api/webhooks/123456789012/no-answer-abcdefghij`);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved.');

  await panel.getByRole('button', { name: 'Send a test message' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Sent, no answer in time (3 s): look in the channel before sending another',
  );

  // The background sender's pass: yesterday's top racers go out, and Discord never answers.
  const pass = (await (await page.request.post('/e2e/discord', { data: {} })).json()) as { unknown: number };
  expect(pass.unknown).toBeGreaterThanOrEqual(1);
  await page.reload();
  await page.getByRole('tab', { name: 'Discord', exact: true }).click();
  const list = panel.getByRole('region', { name: 'Not confirmed by Discord' });
  await expect(list.getByText(/sent, no answer in time \(3 s\): it may have been posted/).first()).toBeVisible();
  const buttons = list.getByRole('button', { name: /^Post again: / });
  await expect(buttons).toHaveCount(pass.unknown);
  await expect(list.getByText(new RegExp(`^${tag} top racers of \\d{4}-\\d{2}-\\d{2}$`))).toBeVisible();

  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await expect(list).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    if (process.env.DISCORD_SHOTS)
      await list.screenshot({ path: `${process.env.DISCORD_SHOTS}/unconfirmed-${size.width}.png` });
  }

  await buttons.first().click();
  await expect(panel.getByRole('status')).toHaveText('Queued again: it goes out within a minute.');
  await expect(buttons).toHaveCount(pass.unknown - 1);

  await panel.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog', { name: 'Remove the Discord webhook?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(panel.getByText(`${tag} is not connected to Discord.`)).toBeVisible();
});
