/** A dialog on a phone keeps the keyboard's focus inside: Tab and Shift+Tab go round its controls. */
import { expect, test } from '@playwright/test';
import { appReady } from './support';

test('Tab and Shift+Tab go round the login dialog and never leave it', async ({ page }) => {
  await page.goto('/about');
  await appReady(page);
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin Login' });
  await expect(dialog).toBeVisible();
  const inside = () => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
  const controls = await dialog.locator('button, input').count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controls * 2 + 1; i++) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} ${i + 1}`).toBe(true);
    }
  }
});
