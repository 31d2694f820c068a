/**
 * The Discord panel at 390 px: everything in view, nothing wider than the screen; offline it still
 * shows its saved settings and says why its buttons are disabled.
 */
import { expect, test } from '@playwright/test';
import { CAPTAIN, firstTag, logIn } from './support';

test('the Discord panel fits a phone and says why it is disabled offline', async ({ page, context }) => {
  await page.goto(`/teams/admin?tag=${await firstTag(page)}`);
  await logIn(page, CAPTAIN);
  await page.getByRole('tab', { name: 'Discord', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Discord' });
  await expect(panel.getByLabel('Webhook URL')).toBeVisible();
  for (const name of ['Save', 'Send a test message']) {
    const box = (await panel.getByRole('button', { name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await context.setOffline(true);
  try {
    const save = panel.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription('Needs a connection');
    await expect(panel.getByText('Needs a connection', { exact: true })).toBeVisible();
    await expect(panel.getByLabel('Webhook URL')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
