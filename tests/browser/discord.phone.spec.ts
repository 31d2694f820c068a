/** The Discord panel at 390 px: everything in view, nothing wider than the screen. */
import { expect, test } from '@playwright/test';
import { CAPTAIN, firstTag, logIn } from './support';

test('the Discord panel fits a phone', async ({ page }) => {
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
});
