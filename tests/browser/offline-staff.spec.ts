/**
 * Staff offline: an admin who reloads offline still sees who they are (read-only, with the staff
 * data they had), and staff data leaves the browser's storage when the session ends another way
 * than this tab's Logout button: an expired session, or a logout in another tab.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logIn, persistedQueries } from './support';

const hasStaffData = async (page: Page) => (await persistedQueries(page)).some((h) => h.startsWith('["staff"'));

async function adminWithUsers(page: Page) {
  await page.goto('/admin');
  await logIn(page, ADMIN);
  await expect(
    page.getByRole('region', { name: 'Users table' }).getByRole('row').filter({ hasText: 'captain' }),
  ).toBeVisible();
  await expect.poll(() => hasStaffData(page)).toBe(true);
}

test('an admin who reloads offline still sees who they are and the users, read-only', async ({ page, context }) => {
  await adminWithUsers(page);
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('.account-name')).toHaveText(ADMIN.username);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeDisabled();
    await expect(
      page.getByRole('region', { name: 'Users table' }).getByRole('row').filter({ hasText: 'captain' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('an expired session takes the staff data out of storage', async ({ page, context }) => {
  await adminWithUsers(page);
  // The server no longer knows this browser: the next /api/me answers logged out.
  await context.clearCookies();
  await page.reload();
  await expect(page.getByText('Admin access required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect.poll(() => hasStaffData(page)).toBe(false);
});

test('a logout in another tab takes the staff data out of this one and of storage', async ({ page, context }) => {
  await adminWithUsers(page);
  const other = await context.newPage();
  await other.goto('/admin');
  await expect(other.locator('.account-name')).toHaveText(ADMIN.username);
  await expect(other.getByRole('region', { name: 'Users table' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(other.getByText('Admin access required')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Login' })).toBeVisible();
  // Neither tab writes the staff data back.
  await other.reload();
  await expect(other.getByText('Admin access required')).toBeVisible();
  await expect.poll(() => hasStaffData(other)).toBe(false);
  await expect.poll(() => hasStaffData(page)).toBe(false);
  await other.close();
});
