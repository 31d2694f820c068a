/**
 * Bot flags from the roster: an admin flags a racer with the row's toggle, sees the bot marker and
 * the API's `bot: 1`, and unflags them again; offline the toggle is disabled with its reason;
 * visitors and a teamadmin get no toggle; on a phone the toggle is reached inside the table's box
 * and tapped. The same from the racer page's info banner (desktop and phone). Screenshots of the
 * admin's roster and racer page go to BOT_SHOTS_DIR.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, CAPTAIN, firstTag, getJson as api, logIn } from './support';

const SHOTS = process.env.BOT_SHOTS_DIR;

interface Member {
  Username: string;
  bot: 0 | 1;
}

async function botOf(page: Page, tag: string, username: string): Promise<number | undefined> {
  return (await api<Member[]>(page, `/api/current-display-names?tag=${tag}`)).find((m) => m.Username === username)?.bot;
}

function rosterTable(page: Page): Locator {
  return page.locator('.roster-card table');
}

/** The roster row whose Username link is `username`. */
function rowOf(page: Page, username: string): Locator {
  return rosterTable(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: username, exact: true }) });
}

test('an admin flags a racer as a bot from the roster and unflags them again', async ({ page }) => {
  const tag = await firstTag(page);
  const members = await api<Member[]>(page, `/api/current-display-names?tag=${tag}`);
  const racer = members.find((m) => m.bot === 0);
  expect(racer, 'a member who is not flagged').toBeDefined();
  const username = racer!.Username;

  await page.goto(`/roster?tag=${tag}`);
  await expect(rosterTable(page).locator('tbody tr')).toHaveCount(members.length);
  await logIn(page, ADMIN);
  await expect(rosterTable(page).getByRole('columnheader', { name: 'Bot' })).toBeVisible();
  // One toggle per member, each named after what it does.
  await expect(rosterTable(page).getByRole('button', { name: /^(Unflag|Flag) .+ as bot$/ })).toHaveCount(
    members.length,
  );

  const row = rowOf(page, username);
  await expect(row.getByRole('img', { name: 'Flagged as bot' })).toHaveCount(0);
  await row.getByRole('button', { name: `Flag ${username} as bot`, exact: true }).click();
  await expect(row.getByRole('img', { name: 'Flagged as bot' })).toBeVisible();
  await expect(row.getByRole('button', { name: `Unflag ${username} as bot`, exact: true })).toBeEnabled();
  expect(await botOf(page, tag, username)).toBe(1);
  const flags = await api<Array<{ username: string; flaggedBy: string | null }>>(page, '/api/admin/bot-flags');
  expect(flags.find((f) => f.username === username)?.flaggedBy).toBe(ADMIN.username);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-admin-desktop.png`, fullPage: true });

  await row.getByRole('button', { name: `Unflag ${username} as bot`, exact: true }).click();
  await expect(row.getByRole('button', { name: `Flag ${username} as bot`, exact: true })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Flagged as bot' })).toHaveCount(0);
  expect(await botOf(page, tag, username)).toBe(0);
});

test('offline, the toggle is disabled and says why', async ({ page, context }) => {
  const tag = await firstTag(page);
  await page.goto(`/roster?tag=${tag}`);
  await logIn(page, ADMIN);
  const toggle = rosterTable(page)
    .getByRole('button', { name: /^(Unflag|Flag) .+ as bot$/ })
    .first();
  await expect(toggle).toBeEnabled();
  await context.setOffline(true);
  try {
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAttribute('title', 'Flagging a bot needs a connection');
    await expect(page.getByText('Offline: flagging a bot needs a connection.')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(toggle).toBeEnabled();
});

test('visitors and a teamadmin see no bot toggle', async ({ page }) => {
  const tag = await firstTag(page);
  const members = await api<Member[]>(page, `/api/current-display-names?tag=${tag}`);
  await page.goto(`/roster?tag=${tag}`);
  await expect(rosterTable(page).locator('tbody tr')).toHaveCount(members.length);
  await expect(rosterTable(page).getByRole('button', { name: /as bot$/ })).toHaveCount(0);
  await expect(rosterTable(page).getByRole('columnheader', { name: 'Bot' })).toHaveCount(0);

  await logIn(page, CAPTAIN);
  await expect(rosterTable(page).locator('tbody tr')).toHaveCount(members.length);
  await expect(rosterTable(page).getByRole('button', { name: /as bot$/ })).toHaveCount(0);
  // The API refuses a teamadmin too.
  const res = await page.request.put(`/api/admin/bot-flags/${encodeURIComponent(members[0].Username)}`, {
    data: { bot: true },
  });
  expect(res.status()).toBe(403);
  expect(await botOf(page, tag, members[0].Username)).toBe(members[0].bot);
});

test('on a phone, the admin roster scrolls in its own box and the toggle works by touch', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  try {
    const tag = await firstTag(page);
    await page.goto(`/roster?tag=${tag}`);
    await logIn(page, ADMIN);
    await expect(rosterTable(page).getByRole('columnheader', { name: 'Bot' })).toBeAttached();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-admin-phone.png`, fullPage: true });
    // The toggle sits in the last column: reachable by scrolling the table's own box, then a tap.
    const members = await api<Member[]>(page, `/api/current-display-names?tag=${tag}`);
    const racer = members.find((m) => m.bot === 0)!;
    const toggle = rowOf(page, racer.Username).getByRole('button', {
      name: `Flag ${racer.Username} as bot`,
      exact: true,
    });
    await toggle.scrollIntoViewIfNeeded();
    await expect(toggle).toBeInViewport();
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/roster-admin-phone-scrolled.png` });
    await toggle.tap();
    await expect(rowOf(page, racer.Username).getByRole('img', { name: 'Flagged as bot' })).toBeAttached();
    expect(await botOf(page, tag, racer.Username)).toBe(1);
    await rowOf(page, racer.Username)
      .getByRole('button', { name: `Unflag ${racer.Username} as bot`, exact: true })
      .tap();
    await expect(rowOf(page, racer.Username).getByRole('img', { name: 'Flagged as bot' })).toHaveCount(0);
    expect(await botOf(page, tag, racer.Username)).toBe(0);
  } finally {
    await context.close();
  }
});

async function racerInfoBot(page: Page, username: string): Promise<number> {
  return (await api<{ bot: number }>(page, `/api/racer-info?username=${encodeURIComponent(username)}`)).bot;
}

/** A member of the first team who is not flagged. */
async function unflaggedMember(page: Page): Promise<{ tag: string; username: string }> {
  const tag = await firstTag(page);
  const racer = (await api<Member[]>(page, `/api/current-display-names?tag=${tag}`)).find((m) => m.bot === 0);
  expect(racer, 'a member who is not flagged').toBeDefined();
  return { tag, username: racer!.Username };
}

test('an admin flags a racer from the racer page; visitors see the marker but no toggle', async ({ page, browser }) => {
  const { tag, username } = await unflaggedMember(page);
  const banner = page.locator('.racer-banner');
  const toggle = (name: string) => banner.getByRole('button', { name, exact: true });

  await page.goto(`/racers/${encodeURIComponent(username)}/batch`);
  await expect(banner.locator('dd[data-field="Username"]')).toHaveText(username);
  await expect(banner.getByRole('button', { name: /as bot$/ })).toHaveCount(0);
  await logIn(page, ADMIN);
  await expect(toggle('Flag as bot')).toBeEnabled();
  await expect(banner.getByText('Flagged as bot', { exact: true })).toHaveCount(0);

  await toggle('Flag as bot').click();
  await expect(banner.getByText('Flagged as bot', { exact: true })).toBeVisible();
  await expect(toggle('Unflag as bot')).toBeEnabled();
  await expect(toggle('Unflag as bot')).toHaveClass(/bot-toggle-on/);
  expect(await racerInfoBot(page, username)).toBe(1);
  expect(await botOf(page, tag, username)).toBe(1);
  const flags = await api<Array<{ username: string; flaggedBy: string | null }>>(page, '/api/admin/bot-flags');
  expect(flags.find((f) => f.username === username)?.flaggedBy).toBe(ADMIN.username);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/racer-admin-desktop.png`, fullPage: true });

  // The roster shows the flag set from the racer page.
  await page.goto(`/roster?tag=${tag}`);
  await expect(rowOf(page, username).getByRole('img', { name: 'Flagged as bot' })).toBeVisible();

  // A visitor sees the marker on the banner but no toggle.
  const visitor = await browser.newContext();
  try {
    const anon = await visitor.newPage();
    await anon.goto(`/racers/${encodeURIComponent(username)}/batch`);
    const anonBanner = anon.locator('.racer-banner');
    await expect(anonBanner.getByText('Flagged as bot', { exact: true })).toBeVisible();
    await expect(anonBanner.getByRole('button', { name: /as bot/ })).toHaveCount(0);
    await expect(anon.getByRole('button', { name: /as bot$/ })).toHaveCount(0);
  } finally {
    await visitor.close();
  }

  await page.goto(`/racers/${encodeURIComponent(username)}/batch`);
  await toggle('Unflag as bot').click();
  await expect(toggle('Flag as bot')).toBeEnabled();
  await expect(banner.getByText('Flagged as bot', { exact: true })).toHaveCount(0);
  expect(await racerInfoBot(page, username)).toBe(0);
  expect(await botOf(page, tag, username)).toBe(0);
});

test('offline, the racer page toggle is disabled and says why', async ({ page, context }) => {
  const { username } = await unflaggedMember(page);
  await page.goto(`/racers/${encodeURIComponent(username)}/batch`);
  await logIn(page, ADMIN);
  const toggle = page.locator('.racer-banner').getByRole('button', { name: 'Flag as bot', exact: true });
  await expect(toggle).toBeEnabled();
  await context.setOffline(true);
  try {
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAttribute('title', 'Flagging a bot needs a connection');
    await expect(page.locator('.racer-banner').getByText('Offline: flagging a bot needs a connection.')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(toggle).toBeEnabled();
});

test('a refused write on the racer page shows the error and keeps the flag', async ({ page }) => {
  const { username } = await unflaggedMember(page);
  await page.goto(`/racers/${encodeURIComponent(username)}/batch`);
  await logIn(page, ADMIN);
  const banner = page.locator('.racer-banner');
  await page.route('**/api/admin/bot-flags/**', (route) =>
    route.fulfill({ status: 409, json: { error: 'Try again later' } }),
  );
  await banner.getByRole('button', { name: 'Flag as bot', exact: true }).click();
  await expect(banner.getByRole('alert')).toHaveText(`Failed to flag ${username} as bot: Try again later×`);
  await expect(banner.getByText('Flagged as bot', { exact: true })).toHaveCount(0);
  expect(await racerInfoBot(page, username)).toBe(0);
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner.getByRole('alert')).toHaveCount(0);
});

test('a teamadmin sees no toggle on the racer page', async ({ page }) => {
  const { username } = await unflaggedMember(page);
  await page.goto(`/racers/${encodeURIComponent(username)}/batch`);
  await logIn(page, CAPTAIN);
  await expect(page.locator('.racer-banner dd[data-field="Username"]')).toHaveText(username);
  await expect(page.locator('.racer-banner').getByRole('button', { name: /as bot/ })).toHaveCount(0);
});

test('on a phone, the racer page fits the screen and the toggle works by touch', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  try {
    const { username } = await unflaggedMember(page);
    await page.goto(`/racers/${encodeURIComponent(username)}/batch`);
    await logIn(page, ADMIN);
    const banner = page.locator('.racer-banner');
    await banner.getByRole('button', { name: 'Flag as bot', exact: true }).tap();
    await expect(banner.getByText('Flagged as bot', { exact: true })).toBeVisible();
    expect(await racerInfoBot(page, username)).toBe(1);
    // The Profile link and the toggle stay inside the banner, and the page does not scroll sideways.
    const box = (await banner.boundingBox())!;
    for (const el of [
      banner.getByRole('link', { name: /Profile/ }),
      banner.getByRole('button', { name: 'Unflag as bot', exact: true }),
    ]) {
      const b = (await el.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(box.x);
      expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/racer-admin-phone.png`, fullPage: true });
    await banner.getByRole('button', { name: 'Unflag as bot', exact: true }).tap();
    await expect(banner.getByText('Flagged as bot', { exact: true })).toHaveCount(0);
    expect(await racerInfoBot(page, username)).toBe(0);
  } finally {
    await context.close();
  }
});
