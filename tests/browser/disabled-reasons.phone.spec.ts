/**
 * On a touch screen a title never shows: offline, each disabled staff button has its reason as
 * visible text beside it, and as its accessible description.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, firstTag, logIn } from './support';

test('offline, disabled staff buttons say why in visible text', async ({ page, context }) => {
  const tag = await firstTag(page);
  // Both screens' code and data loaded while online.
  await page.goto('/admin');
  await logIn(page, ADMIN);
  await expect(page.getByRole('button', { name: 'Add User' })).toBeEnabled();
  await page.goto(`/teams/admin?tag=${tag}`);
  await expect(page.locator('.data-table tbody tr').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Squads' }).click();
  await expect(page.getByTestId('squad-box-Unassigned')).toBeVisible();
  await page.getByRole('button', { name: 'Edit squad name of Avocado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Squad Name' });
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  await context.setOffline(true);
  try {
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toHaveAccessibleDescription(
      'Saving needs a connection',
    );
    await expect(dialog.getByText('Saving needs a connection')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Events' }).click();
    const addEvent = page.getByRole('button', { name: 'Add Event' });
    await expect(addEvent).toBeDisabled();
    await expect(addEvent).toHaveAccessibleDescription('Needs a connection');
    await expect(page.locator('.disabled-reason', { hasText: 'Needs a connection' })).toBeInViewport();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    const addUser = page.getByRole('button', { name: 'Add User' });
    await expect(addUser).toBeDisabled();
    await expect(addUser).toHaveAccessibleDescription('Needs a connection');
    await expect(page.getByText('Needs a connection', { exact: true })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
