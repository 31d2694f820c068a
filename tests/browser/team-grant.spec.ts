/**
 * A teamadmin's team is the admin's grant: the admin picks it in the user dialog; a teamadmin
 * without one sees that they manage nothing, whatever racer their account is linked to.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, logIn, type StaffAccount } from './support';

test('a teamadmin without a granted team manages nothing until an admin grants one', async ({ page, request }) => {
  const tags = (await (await request.get('/api/team-tags')).json()) as string[];
  const members = (await (await request.get(`/api/member-data-latest?tag=${tags[0]}`)).json()) as Array<{
    UserID: number;
  }>;
  const name = `nogrant${Date.now() % 100000}`;
  const account: StaffAccount = { username: name, password: 'no-grant-password' };

  // Created linked to a racer of the first team, but with no team granted.
  expect((await request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  const created = await request.post('/api/users', {
    data: { username: name, password: account.password, role: 'teamadmin', userID: String(members[0].UserID) },
  });
  expect(created.status(), await created.text()).toBe(200);
  await request.post('/api/logout');

  await page.goto(`/teams/admin?tag=${tags[0]}`);
  await logIn(page, account);
  await expect(page.getByRole('note')).toContainText('No team has been granted to your account yet');
  await expect(page.getByRole('button', { name: 'Add Event' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();

  // The admin grants the team in the user dialog.
  await page.goto('/admin');
  await logIn(page, ADMIN);
  const row = page.getByRole('region', { name: 'Users table' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('none');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByLabel('Team')).toHaveValue('');
  await expect(dialog.getByText('Without a team this team admin manages nothing')).toBeVisible();
  await dialog.getByLabel('Team').selectOption(tags[1]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(tags[1]);
  await page.getByRole('button', { name: 'Logout' }).click();

  await page.goto('/teams/admin');
  await logIn(page, account);
  await expect(page.getByRole('heading', { name: `Events of ${tags[1]}` })).toBeVisible();
});
