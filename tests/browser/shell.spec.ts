/**
 * The app shell: it opens, the top navigation and the team sub-tabs reach every route and keep the
 * tag, the selected team is remembered, login shows the Admin tab, the service worker takes control,
 * and offline a reload still shows the shell with the last loaded team list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { getJson } from './support';

const PERSIST_KEY = 'nt-team-stats:query-cache';

async function teamTags(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/team-tags');
  expect(res.ok()).toBe(true);
  const tags = (await res.json()) as string[];
  expect(tags.length).toBeGreaterThan(1);
  return tags;
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

function teamNav(page: Page) {
  return page.getByRole('navigation', { name: 'Team tabs' });
}

/** Asserts the address is `pathname` with exactly the given tag (or none). */
async function expectAt(page: Page, pathname: string, tag: string | null) {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return { pathname: url.pathname, tag: url.searchParams.get('tag') };
    })
    .toEqual({ pathname, tag });
}

/** Trackers carry the chosen tag in the path: /trackers/{tag}. */
async function expectAtTrackers(page: Page, tag: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/trackers/${tag}`);
  expect(new URL(page.url()).searchParams.get('tag')).toBeNull();
}

/** Reads the persisted query cache straight from IndexedDB (idb-keyval's default store). */
function persistedCache(page: Page): Promise<string | null> {
  return page.evaluate(
    (key) =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(null);
          const get = db.transaction('keyval').objectStore('keyval').get(key);
          get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : null);
          get.onerror = () => resolve(null);
        };
      }),
    PERSIST_KEY,
  );
}

test('/ opens the leaderboards with the top navigation and footer', async ({ page }) => {
  await page.goto('/');
  await expectAt(page, '/leaderboards', null);
  await expect(mainNav(page).getByRole('link', { name: 'Leaderboards' })).toHaveAttribute('aria-current', 'page');
  for (const name of ['Teams', 'Racers', 'About'])
    await expect(mainNav(page).getByRole('link', { name })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.locator('footer')).toContainText('NT Team Stats');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

test('the top tabs reach their routes and keep the tag; Teams falls back to the stored tag', async ({ page }) => {
  const [first] = await teamTags(page);
  await page.goto(`/roster?tag=${first}`);
  await expect(mainNav(page).getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('combobox', { name: 'Team' })).toHaveValue(first);

  await mainNav(page).getByRole('link', { name: 'Leaderboards' }).click();
  await expectAt(page, '/leaderboards', first);
  await expect(mainNav(page).getByRole('link', { name: 'Leaderboards' })).toHaveAttribute('aria-current', 'page');

  await mainNav(page).getByRole('link', { name: 'Racers' }).click();
  await expectAt(page, '/racers', first);
  await expect(mainNav(page).getByRole('link', { name: 'Racers' })).toHaveAttribute('aria-current', 'page');

  await mainNav(page).getByRole('link', { name: 'About' }).click();
  await expectAt(page, '/about', null);
  await expect(mainNav(page).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // No tag in the address any more: Teams uses the last selected tag from browser storage.
  await mainNav(page).getByRole('link', { name: 'Teams' }).click();
  await expectAt(page, '/roster', first);
  expect(await page.evaluate(() => localStorage.getItem('topLevelTab'))).toBe('teams');
});

test('the team sub-tabs reach every team route and keep the tag', async ({ page }) => {
  const [, second] = await teamTags(page);
  await page.goto(`/roster?tag=${second}`);
  const tabs: [string, string][] = [
    ['Events', '/events'],
    ['Event Viewer', '/eventviewer'],
    ['Activity', '/activity'],
    ['Trackers', '/trackers'],
    ['Admin', '/teams/admin'],
    ['Roster', '/roster'],
  ];
  for (const [name, pathname] of tabs) {
    await teamNav(page).getByRole('link', { name, exact: true }).click();
    if (pathname === '/trackers') await expectAtTrackers(page, second);
    else await expectAt(page, pathname, second);
    await expect(teamNav(page).getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
    // /teams/admin is a team route, so the Teams top tab stays active.
    await expect(mainNav(page).getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
  }
  expect(await page.evaluate(() => localStorage.getItem('activeTab'))).toBe('roster');
});

test('selecting a team updates the address and selectedTag; clearing it removes both', async ({ page }) => {
  const tags = await teamTags(page);
  await page.goto('/events');
  const select = page.getByRole('combobox', { name: 'Team' });
  // "Select a team" plus every tag, in the API's order.
  await expect(select.locator('option')).toHaveText(['Select a team', ...tags]);
  await expect(select).toHaveValue('');

  await select.selectOption(tags[1]);
  await expectAt(page, '/events', tags[1]);
  expect(await page.evaluate(() => localStorage.getItem('selectedTag'))).toBe(tags[1]);

  await select.selectOption('');
  await expectAt(page, '/events', null);
  expect(await page.evaluate(() => localStorage.getItem('selectedTag'))).toBeNull();
});

test('a bad tag in the address is dropped and an unknown address shows Page not found', async ({ page }) => {
  await page.goto('/roster?tag=not%20a%20tag!');
  await expect(page.getByRole('combobox', { name: 'Team' })).toHaveValue('');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('logging in as admin shows the username, Logout and the Admin tab', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin Login' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Username').fill('admin');
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Login failed');

  await dialog.getByLabel('Password').fill('admin-password-123');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.topbar-account')).toContainText('admin');
  await mainNav(page).getByRole('link', { name: 'Admin' }).click();
  await expectAt(page, '/admin', null);
  await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.logged_in).toBe(false);
});

test('the login dialog closes with Escape and with ×', async ({ page }) => {
  await page.goto('/leaderboards');
  const open = page.getByRole('button', { name: 'Login' });
  const dialog = page.getByRole('dialog', { name: 'Admin Login' });
  await open.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the service worker takes control, and offline a reload still shows the shell and the last team list', async ({
  page,
  context,
}) => {
  const tags = await teamTags(page);
  await page.goto(`/roster?tag=${tags[0]}`);
  const select = page.getByRole('combobox', { name: 'Team' });
  await expect(select.locator('option')).toHaveText(['Select a team', ...tags]);

  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  // The team list reaches IndexedDB (the persister writes at most once a second).
  await expect.poll(async () => (await persistedCache(page)) ?? '', { timeout: 15_000 }).toContain('"team-tags"');

  await context.setOffline(true);
  await page.reload();
  await expect(mainNav(page).getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('status').filter({ hasText: "You're offline — showing data from" })).toBeVisible();
  await expect(select.locator('option')).toHaveText(['Select a team', ...tags]);
  await expect(select).toHaveValue(tags[0]);

  // The worker does not answer API calls from a cache of its own.
  const apiOffline = await page.evaluate(() =>
    fetch('/api/team-tags').then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(apiOffline).toBe('failed');

  // Deep links open offline too (the worker answers navigations with the precached shell).
  await page.goto(`/activity?tag=${tags[1]}`);
  await expect(teamNav(page).getByRole('link', { name: 'Activity', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(select).toHaveValue(tags[1]);

  await context.setOffline(false);
  await expect(page.getByText("You're offline")).toHaveCount(0);
});

test('a new version shows "Update available" and Reload switches to it', async ({ page }) => {
  await page.goto('/about');
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  const prompt = page.getByRole('alert').filter({ hasText: 'Update available' });
  await expect(prompt).toHaveCount(0);

  // Publish a "new build" the way a deploy does: different bytes in the sw.js this spec's server serves.
  const { dir } = await getJson<{ dir: string }>(page, '/e2e/static-dir');
  const swFile = path.join(dir, 'sw.js');
  const original = fs.readFileSync(swFile, 'utf8');
  try {
    fs.writeFileSync(swFile, `${original}\n// next build ${Date.now()}\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(true);

    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    const reloaded = page.waitForEvent('framenavigated');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(mainNav(page).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
    await expect(prompt).toHaveCount(0);
    // The waiting version took over: it controls the page and nothing is left waiting.
    await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated');
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(false);
  } finally {
    fs.writeFileSync(swFile, original);
  }
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the navigation fits without sideways page scrolling', async ({ page }) => {
    const [first] = await teamTags(page);
    await page.goto(`/roster?tag=${first}`);
    for (const name of ['Leaderboards', 'Teams', 'Racers', 'About']) {
      const box = await mainNav(page).getByRole('link', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    for (const name of ['Roster', 'Events', 'Event Viewer', 'Activity', 'Trackers', 'Health', 'Admin']) {
      await expect(teamNav(page).getByRole('link', { name, exact: true })).toBeInViewport();
    }
    await expect(page.getByRole('button', { name: 'Login' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await teamNav(page).getByRole('link', { name: 'Trackers', exact: true }).tap();
    await expectAtTrackers(page, first);
  });
});
