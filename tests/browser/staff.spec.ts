/**
 * Staff screens: the notices for visitors, logging in as admin and as teamadmin, creating, editing
 * (with pay-to-play) and deleting an event, dragging a member between squads with a mouse and with
 * touch, renaming and resetting a squad, and managing users. Results are checked against the API.
 */
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN, CAPTAIN, logIn } from './support';

const SHOTS = process.env.STAFF_SHOTS_DIR;

interface Member {
  Username: string;
  CurrentDisplayName: string;
  squad: string;
}

async function firstTag(request: APIRequestContext): Promise<string> {
  const tags = (await (await request.get('/api/team-tags')).json()) as string[];
  return tags[0];
}

async function members(request: APIRequestContext, tag: string): Promise<Member[]> {
  return (await (await request.get(`/api/current-display-names?tag=${tag}`)).json()) as Member[];
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The page never scrolls sideways; wide tables scroll in their own box. */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

function box(page: Page, squad: string): Locator {
  return page.getByTestId(`squad-box-${squad}`);
}

test('visitors get the login notice on /teams/admin and "Admin access required" on /admin', async ({
  page,
  request,
}) => {
  const tag = await firstTag(request);
  await page.goto(`/teams/admin?tag=${tag}`);
  await expect(
    page.getByText('Login now required to add/modify/delete Events and manage Squads. Contact the author for account.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Event' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('Admin access required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
});

test('an admin creates, edits (with pay-to-play) and deletes an event', async ({ page, request }) => {
  const tag = await firstTag(request);
  await page.goto(`/teams/admin?tag=${tag}`);
  await logIn(page, ADMIN);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Events of ${tag}` })).toBeVisible();

  // Add: missing fields first, then a full form.
  await page.getByRole('button', { name: 'Add Event' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog.getByLabel('Team Tag(s)')).toHaveValue(tag);
  await expect(dialog.getByLabel('Team Tag(s)')).toHaveAttribute('placeholder', 'e.g. BEEHVE TEAM2');
  await expect(dialog.getByLabel('Default Sort')).toHaveValue('Races');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Title, Start Time, End Time required');
  const title = `E2E Cup ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Start Time (CT)').fill('2030-06-01T09:00');
  await dialog.getByLabel('End Time (CT)').fill('2030-06-03T21:30');
  await dialog.getByLabel('Default Sort').selectOption('Points');
  await dialog.getByLabel('Description').fill('Made by the browser test');
  await dialog.getByLabel('Team Tag(s)').fill(`${tag} NOPE1`);
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Unknown team tag: NOPE1');
  await dialog.getByLabel('Team Tag(s)').fill(tag);
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog).toBeHidden();

  const apiEvent = async () => {
    const list = (await (await request.get(`/api/team-events?tag=${tag}`)).json()) as Array<Record<string, unknown>>;
    return list.find((e) => String(e.Title).startsWith('E2E Cup') && String(e.Description).startsWith('Made by'));
  };
  // Right after a write, a busy response cache may hand a new visitor (this request context sends no
  // ETag) the previous answer, marked as older, while it computes the new one: each check polls.
  await expect.poll(apiEvent).toMatchObject({
    Title: title,
    TeamTag: tag,
    StartTime: '2030-06-01 09:00:00',
    EndTime: '2030-06-03 21:30:00',
    DefaultSort: 'Points',
    Status: 'Pending',
  });
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Jun 1, 2030 9:00 AM');
  await shot(page, 'team-admin-events-desktop');

  // Edit: the form comes prefilled, with the derived status badge.
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByLabel('Start Time (CT)')).toHaveValue('2030-06-01T09:00');
  await expect(dialog.locator('.status-badge.pending')).toHaveText('Pending');
  await dialog.getByLabel('Start Time (CT)').fill('2020-01-01T00:00');
  await expect(dialog.locator('.status-badge.active')).toHaveText('Active');
  await dialog.getByLabel('End Time (CT)').fill('2019-12-31T00:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('End Time cannot be before Start Time');
  await dialog.getByLabel('End Time (CT)').fill('2020-01-02T00:00');
  await expect(dialog.locator('.status-badge.concluded')).toHaveText('Concluded');
  await dialog.getByLabel('Title').fill(`${title} edited`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(apiEvent).toMatchObject({
    Title: `${title} edited`,
    StartTime: '2020-01-01 00:00:00',
    Status: 'Concluded',
  });
  const edited = page.getByRole('row').filter({ hasText: `${title} edited` });
  await expect(edited).toContainText('Concluded');

  // Pay-to-play: the spec defaults, integer and 0.01 steps, then saved values.
  await edited.getByRole('button', { name: `Pay-to-play settings for ${title} edited` }).click();
  dialog = page.getByRole('dialog', { name: 'Pay-to-Play Settings' });
  const defaults: Record<string, string> = {
    'Min Races': '100',
    'Qualifying Races': '150',
    'Race Increment': '50',
    'Payout Increment': '500000',
    Cap: '10000000',
    'Accuracy Bonus 96%': '1',
    'Accuracy Bonus 98%': '1',
  };
  for (const [label, value] of Object.entries(defaults))
    await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
  await shot(page, 'pay-to-play-desktop');
  await expect(dialog.getByLabel('Min Races')).toHaveAttribute('step', '1');
  await expect(dialog.getByLabel('Cap', { exact: true })).toHaveAttribute('step', '0.01');
  await dialog.getByLabel('Min Races').fill('-5');
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Min Races must be 0 or more');
  await dialog.getByLabel('Min Races').fill('20');
  await dialog.getByLabel('Payout Increment').fill('250000');
  await dialog.getByLabel('Accuracy Bonus 98%').fill('1.25');
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(apiEvent).toMatchObject({
    MinRaces: 20,
    QualifyingRaces: 150,
    RaceIncrement: 50,
    PayoutIncrement: 250000,
    Cap: 10000000,
    AccBonus96: 1,
    AccBonus98: 1.25,
  });

  // Delete, with the spec's confirmation.
  await edited.getByRole('button', { name: `Delete ${title} edited` }).click();
  dialog = page.getByRole('dialog', { name: 'Delete Event?' });
  await expect(dialog).toContainText('Are you sure you want to delete this event? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await expect.poll(apiEvent).toBeUndefined();
});

test('an admin drags a member to another squad; the same box does nothing; renames and resets a squad', async ({
  page,
  request,
}) => {
  const tag = await firstTag(request);
  await page.goto(`/teams/admin?tag=${tag}`);
  await logIn(page, ADMIN);
  await page.getByRole('tab', { name: 'Squads' }).click();
  await expect(page.getByRole('heading', { name: `Squads of ${tag}` })).toBeVisible();

  const before = await members(request, tag);
  const mover = before.find((m) => m.squad !== 'Peach')!;
  const fromBox = mover.squad || 'Unassigned';
  const item = page.locator(`li[data-username="${mover.Username}"]`);
  await expect(box(page, fromBox).locator(`li[data-username="${mover.Username}"]`)).toBeVisible();

  // A drop into the box it came from sends nothing.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/update-member-squad')) posts.push(r.postData() ?? '');
  });
  await item.dragTo(box(page, fromBox).locator('.squad-list'));
  await page.waitForTimeout(300);
  expect(posts).toEqual([]);

  await item.dragTo(box(page, 'Peach').locator('.squad-list'));
  await expect(box(page, 'Peach').locator(`li[data-username="${mover.Username}"]`)).toBeVisible();
  await expect
    .poll(async () => (await members(request, tag)).find((m) => m.Username === mover.Username)?.squad)
    .toBe('Peach');
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0])).toEqual({ username: mover.Username, squad: 'Peach', tag });
  await expect(box(page, fromBox).locator(`li[data-username="${mover.Username}"]`)).toHaveCount(0);
  await shot(page, 'squads-desktop');

  // Without dragging: the member's own button offers the boxes.
  await item.getByRole('button').click();
  const move = page.getByRole('dialog', { name: `Move ${mover.CurrentDisplayName}` });
  await move.getByRole('button', { name: fromBox, exact: true }).click();
  await expect(box(page, fromBox).locator(`li[data-username="${mover.Username}"]`)).toBeVisible();
  await expect
    .poll(async () => (await members(request, tag)).find((m) => m.Username === mover.Username)?.squad)
    .toBe(mover.squad);

  // Rename Fig, then remove the custom name.
  await box(page, 'Fig').getByRole('button', { name: 'Edit squad name of Fig' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Squad Name' });
  await expect(dialog.getByPlaceholder('Enter custom name')).toBeVisible();
  await dialog.getByPlaceholder('Enter custom name').fill('Fig Newtons');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(box(page, 'Fig').locator('.squad-box-name')).toHaveText('Fig Newtons');
  await expect
    .poll(async () => (await request.get(`/api/squad-names?tag=${tag}`)).json())
    .toContainEqual({
      squad: 'Fig',
      customName: 'Fig Newtons',
    });
  await box(page, 'Fig').getByRole('button', { name: 'Edit squad name of Fig' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Squad Name' });
  await expect(dialog.getByPlaceholder('Enter custom name')).toHaveValue('Fig Newtons');
  await dialog.getByRole('button', { name: 'Remove Custom Name' }).click();
  await expect(dialog).toBeHidden();
  await expect(box(page, 'Fig').locator('.squad-box-name')).toHaveText('Fig');
  expect((await (await request.get(`/api/squad-names?tag=${tag}`)).json()) as unknown[]).not.toContainEqual(
    expect.objectContaining({ squad: 'Fig' }),
  );
  // Cancel changes nothing; Unassigned has no edit button.
  await box(page, 'Fig').getByRole('button', { name: 'Edit squad name of Fig' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Squad Name' });
  await dialog.getByPlaceholder('Enter custom name').fill('Not saved');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(box(page, 'Fig').locator('.squad-box-name')).toHaveText('Fig');
  await expect(box(page, 'Unassigned').getByRole('button', { name: /Edit squad name/ })).toHaveCount(0);
});

/** A phone: touch, 390×844. */
async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

/** A touch drag through the browser's own touch input: press, hold, move in steps, lift. */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const end = { x: b.x + b.width / 2, y: b.y + Math.min(b.height / 2, 30) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  await page.waitForTimeout(250);
  for (let i = 1; i <= 12; i++) {
    const p = { x: start.x + ((end.x - start.x) * i) / 12, y: start.y + ((end.y - start.y) * i) / 12 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    await page.waitForTimeout(30);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone, a member is dragged to another squad by touch', async ({ browser, request }) => {
  const tag = await firstTag(request);
  const { context, page } = await phone(browser);
  try {
    await page.goto(`/teams/admin?tag=${tag}`);
    await logIn(page, ADMIN);
    await page.getByRole('tab', { name: 'Squads' }).click();
    await expect(page.getByRole('heading', { name: `Squads of ${tag}` })).toBeVisible();
    await expectNoPageOverflow(page);
    await shot(page, 'squads-phone');

    const list = await members(request, tag);
    const mover = list.find((m) => m.squad !== 'Avocado')!;
    const fromBox = mover.squad || 'Unassigned';
    const item = box(page, fromBox).locator(`li[data-username="${mover.Username}"]`);
    await item.scrollIntoViewIfNeeded();
    await touchDrag(page, item, box(page, 'Avocado').locator('.squad-list'));
    await expect(box(page, 'Avocado').locator(`li[data-username="${mover.Username}"]`)).toBeVisible();
    await expect
      .poll(async () => (await members(request, tag)).find((m) => m.Username === mover.Username)?.squad)
      .toBe('Avocado');

    // Back where it was, by touch too.
    const moved = box(page, 'Avocado').locator(`li[data-username="${mover.Username}"]`);
    await moved.scrollIntoViewIfNeeded();
    await touchDrag(page, moved, box(page, fromBox).locator('.squad-list'));
    await expect
      .poll(async () => (await members(request, tag)).find((m) => m.Username === mover.Username)?.squad)
      .toBe(mover.squad);

    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page.getByRole('button', { name: 'Add Event' })).toBeVisible();
    await expectNoPageOverflow(page);
    await shot(page, 'team-admin-events-phone');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await shot(page, 'event-dialog-phone');
  } finally {
    await context.close();
  }
});

test('a teamadmin is locked to their own team and refused for another team', async ({ page, request }) => {
  const tags = (await (await request.get('/api/team-tags')).json()) as string[];
  const login = await request.post('/api/login', { data: CAPTAIN });
  expect(login.status()).toBe(200);
  const own = ((await (await request.get('/api/my-team-tag')).json()) as { teamTag: string }).teamTag;
  await request.post('/api/logout');
  const other = tags.find((t) => t !== own)!;
  await page.goto(`/teams/admin?tag=${other}`);
  await logIn(page, CAPTAIN);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const select = page.getByRole('combobox', { name: 'Team' });
  await expect(select).toBeDisabled();
  await expect(select).toHaveValue(own);
  await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe(own);
  await expect(page.getByRole('heading', { name: `Events of ${own}` })).toBeVisible();

  const countOther = async () =>
    ((await (await request.get(`/api/team-events?tag=${other}`)).json()) as unknown[]).length;
  const before = await countOther();
  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog.getByLabel('Team Tag(s)')).toHaveValue(own);
  await dialog.getByLabel('Title').fill('Not allowed');
  await dialog.getByLabel('Team Tag(s)').fill(other);
  await dialog.getByLabel('Start Time (CT)').fill('2030-01-01T00:00');
  await dialog.getByLabel('End Time (CT)').fill('2030-01-02T00:00');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Your team ${own} must be one of the event's teams`);
  expect(await countOther()).toBe(before);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Squads' }).click();
  await expect(page.getByRole('heading', { name: `Squads of ${own}` })).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByText('Admin access required')).toBeVisible();
});

test('an admin manages users: add, edit, change password, delete', async ({ page, request }) => {
  await page.goto('/admin');
  await logIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Users table' });
  await expect(table.getByRole('row').filter({ hasText: 'captain' })).toContainText('teamadmin');
  await shot(page, 'admin-users-desktop');

  const name = `e2e${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Add User' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog.getByLabel('Role')).toHaveValue('teamadmin');
  await expect(dialog.getByLabel('User ID')).toHaveValue('');
  await expect(dialog.getByLabel('User ID').locator('option').first()).toHaveText('Select User ID');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Username and password required');
  await dialog.getByLabel('Username').fill('admin');
  await dialog.getByLabel('Password').fill('first-pass-1');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Username already exists');
  await dialog.getByLabel('Username').fill(name);
  const racer = dialog.getByLabel('User ID').locator('option').nth(1);
  const racerId = await racer.getAttribute('value');
  await dialog.getByLabel('User ID').selectOption(racerId!);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(racerId!);
  await expect(row.getByRole('link', { name: racerId! })).toHaveAttribute('href', /\/racers\?username=.+&subtab=batch/);

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByLabel('Username')).toHaveValue(name);
  await dialog.getByLabel('Username').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Username required');
  await dialog.getByLabel('Username').fill(`${name}x`);
  await dialog.getByLabel('Role').selectOption('admin');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const renamed = table.getByRole('row').filter({ hasText: `${name}x` });
  await expect(renamed).toContainText('admin');

  await renamed.getByRole('button', { name: `Change password of ${name}x` }).click();
  dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Password required');
  await dialog.getByLabel('New Password').fill('second-pass-2');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await expect(dialog).toBeHidden();
  const ctx = await request.post('/api/login', { data: { username: `${name}x`, password: 'second-pass-2' } });
  expect(ctx.status()).toBe(200);
  expect(await ctx.json()).toEqual({ success: true, username: `${name}x`, role: 'admin' });

  await renamed.getByRole('button', { name: `Delete ${name}x` }).click();
  dialog = page.getByRole('dialog', { name: 'Delete user' });
  await expect(dialog).toContainText(`Delete user ${name}x?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: `${name}x` })).toHaveCount(0);

  // The audit log lists what just happened, newest first.
  await page.getByRole('tab', { name: 'Audit Log' }).click();
  const log = page.getByRole('region', { name: 'Audit log table' });
  await expect(log.getByRole('row').nth(1)).toContainText(`Deleted user ${name}x`);
  await expect(log).toContainText(`Added user ${name} (teamadmin)`);
  await shot(page, 'admin-audit-desktop');
});

test('an admin tracks a team and flags a bot from the admin screen', async ({ page, request }) => {
  const tag = await firstTag(request);
  await page.goto('/admin');
  await logIn(page, ADMIN);
  await page.getByRole('tab', { name: 'Tracked Teams' }).click();
  await page.getByLabel('Team tag').fill('e2enew');
  await page.getByRole('button', { name: 'Track team' }).click();
  const teams = page.getByRole('region', { name: 'Teams table' });
  await expect(teams.getByRole('row').filter({ hasText: 'E2ENEW' })).toContainText('Tracked');
  await expect.poll(async () => (await request.get('/api/team-tags')).json()).toContain('E2ENEW');
  await teams.getByRole('button', { name: 'Stop tracking E2ENEW' }).click();
  await expect(teams.getByRole('row').filter({ hasText: 'E2ENEW' })).toContainText('Not tracked');
  await expect.poll(async () => (await request.get('/api/team-tags')).json()).not.toContain('E2ENEW');
  await shot(page, 'admin-teams-desktop');

  const racer = (await members(request, tag))[0];
  const botOf = async () =>
    ((await members(request, tag)).find((m) => m.Username === racer.Username) as unknown as { bot: number }).bot;
  await page.getByRole('tab', { name: 'Bot Flags' }).click();
  await page.getByLabel('Racer username').fill(racer.Username);
  await page.getByRole('button', { name: 'Flag as bot' }).click();
  const flagged = page.getByRole('region', { name: 'Flagged racers table' });
  await expect(flagged.getByRole('row').filter({ hasText: racer.Username })).toContainText('admin');
  expect(await botOf()).toBe(1);
  await flagged.getByRole('row').filter({ hasText: racer.Username }).getByRole('button', { name: 'Unflag' }).click();
  await expect(flagged.getByRole('row').filter({ hasText: racer.Username })).toHaveCount(0);
  expect(await botOf()).toBe(0);
});

test('the admin screens fit a phone', async ({ browser }) => {
  const { context, page } = await phone(browser);
  try {
    await page.goto('/admin');
    await logIn(page, ADMIN);
    await expect(page.getByRole('region', { name: 'Users table' })).toBeVisible();
    await expectNoPageOverflow(page);
    await shot(page, 'admin-users-phone');
    await page.getByRole('button', { name: 'Add User' }).click();
    await shot(page, 'user-dialog-phone');
  } finally {
    await context.close();
  }
});

test('event and squad changes show on the public events list and roster without a reload', async ({
  page,
  request,
}) => {
  const tags = (await (await request.get('/api/team-tags')).json()) as string[];
  const [tag, other] = tags;
  const teamTabs = page.getByRole('navigation', { name: 'Team tabs' });
  const eventsOf = (t: string) =>
    page.getByRole('region', { name: 'Team events' }).getByRole('row').filter({ hasText: t });
  const showEvents = async (t: string) => {
    await teamTabs.getByRole('link', { name: 'Events' }).click();
    await page.locator('.team-select select').selectOption(t);
    await expect(page.getByRole('heading', { name: `${t} events` })).toBeVisible();
  };
  const showAdmin = async () => {
    await page.locator('.team-select select').selectOption(tag);
    await teamTabs.getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { name: `Events of ${tag}` })).toBeVisible();
  };
  const title = `E2E Cache ${Date.now()}`;

  // Both teams' events lists and the roster are cached (fresh for 30 s) before the changes.
  await page.goto(`/events?tag=${other}`);
  await expect(page.getByRole('heading', { name: `${other} events` })).toBeVisible();
  await showEvents(tag);
  await teamTabs.getByRole('link', { name: 'Roster' }).click();
  await expect(page.locator('.roster-card table tbody tr').first()).toBeVisible();
  await teamTabs.getByRole('link', { name: 'Admin' }).click();
  await logIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: `Events of ${tag}` })).toBeVisible();

  // Added for two teams: both lists show it.
  await page.getByRole('button', { name: 'Add Event' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Event' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Team Tag(s)').fill(`${tag} ${other}`);
  await dialog.getByLabel('Start Time (CT)').fill('2030-07-01T09:00');
  await dialog.getByLabel('End Time (CT)').fill('2030-07-02T09:00');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog).toBeHidden();
  await showEvents(tag);
  await expect(eventsOf(title)).toHaveCount(1);
  await showEvents(other);
  await expect(eventsOf(title)).toHaveCount(1);

  // Edited down to one team: it leaves the other team's list.
  await showAdmin();
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await dialog.getByLabel('Team Tag(s)').fill(tag);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await showEvents(other);
  await expect(eventsOf(title)).toHaveCount(0);
  await showEvents(tag);
  await expect(eventsOf(title)).toContainText(tag);

  // Deleted: gone from the list.
  await showAdmin();
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete Event?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await showEvents(tag);
  await expect(eventsOf(title)).toHaveCount(0);

  // A squad move shows on the roster; then the member goes back.
  const mover = (await members(request, tag)).find((m) => m.squad !== 'Peach')!;
  const names = (await (await request.get(`/api/squad-names?tag=${tag}`)).json()) as Array<{
    squad: string;
    customName: string;
  }>;
  const label = (squad: string) => names.find((n) => n.squad === squad)?.customName ?? (squad || 'Unassigned');
  const rosterSquad = page
    .locator('.roster-card tbody tr')
    .filter({ has: page.getByRole('link', { name: mover.Username, exact: true }) })
    .locator('.squad-badge');
  /** `squad` as the API reports it: '' is Unassigned. */
  const moveTo = async (squad: string) => {
    await showAdmin();
    await page.getByRole('tab', { name: 'Squads' }).click();
    await page.locator(`li[data-username="${mover.Username}"]`).getByRole('button').click();
    await page
      .getByRole('dialog', { name: `Move ${mover.CurrentDisplayName}` })
      .getByRole('button', { name: label(squad), exact: true })
      .click();
    await expect
      .poll(async () => (await members(request, tag)).find((m) => m.Username === mover.Username)?.squad)
      .toBe(squad);
    await teamTabs.getByRole('link', { name: 'Roster' }).click();
  };
  await moveTo('Peach');
  await expect(rosterSquad).toHaveText(label('Peach'));
  await moveTo(mover.squad);
  await expect(rosterSquad).toHaveText(label(mover.squad));
});
