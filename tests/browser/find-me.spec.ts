/**
 * "This is me" against the demo community: picking yourself from a search of display names (any
 * case), the highlighted row on the individual board and the My rank jump to its page, the Me link,
 * /racers/me with and without a choice, the own row on roster, tracker and team board, and the
 * manifest's home-screen shortcuts.
 */
import { expect, test, type Page } from '@playwright/test';
import type { IndividualLeaderboardRow } from '../../contract/leaderboards';
import type { MemberLatest } from '../../contract/roster';
import { appReady, getJson, tapUntil } from './support';

const table = (page: Page) => page.locator('.lb-card table.data-table');

/** The 7-day individual board the page shows, without flagged racers, by Points. */
async function sevenDayBoard(page: Page): Promise<IndividualLeaderboardRow[]> {
  await page.goto('/leaderboards?view=individuals&period=7day');
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  const heading = page.locator('.lb-heading');
  const qs = new URLSearchParams({
    start_time: (await heading.getAttribute('data-start-time'))!,
    end_time: (await heading.getAttribute('data-end-time'))!,
  });
  const rows = await getJson<IndividualLeaderboardRow[]>(page, `/api/individual-leaderboard?${qs}`);
  return rows.filter((r) => r.bot === 0).sort((a, b) => b.Points - a.Points);
}

/** Picks `who` on /racers/find-me by typing their display name in another case and tapping the match. */
async function chooseMe(page: Page, who: { Username: string; CurrentDisplayName: string }) {
  await page.goto('/racers/find-me');
  const box = page.getByRole('combobox', { name: 'Search by display name or username' });
  await box.fill(who.CurrentDisplayName.toUpperCase());
  await page.getByRole('option').filter({ hasText: who.Username }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'You are' })).toContainText(who.CurrentDisplayName);
}

test('This is me: a case-insensitive search by display name, remembered in the browser', async ({ page }) => {
  const members = await getJson<MemberLatest[]>(page, '/api/member-data-latest');
  expect(members.length).toBeGreaterThan(20);
  const who = members[7];
  await page.goto('/racers/find-me');
  // Until someone is chosen, the navigation offers Find me.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find me' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const box = page.getByRole('combobox', { name: 'Search by display name or username' });
  await box.fill(who.CurrentDisplayName.toLowerCase());
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  // A short list of matches, never the whole club, and the racer is among them.
  expect(await options.count()).toBeLessThanOrEqual(12);
  await expect(options.filter({ hasText: who.Username })).toHaveCount(1);
  for (const text of await options.locator('.racer-search-name').allInnerTexts()) {
    expect(text.toLowerCase()).toContain(who.CurrentDisplayName.toLowerCase().trim());
  }
  await box.fill('zzz no such racer');
  await expect(page.getByText('No racers found.')).toBeVisible();

  // Keyboard: the whole username in capitals is the first match; Enter chooses it.
  await box.fill(who.Username.toUpperCase());
  await expect(options.first()).toContainText(who.Username);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'You are' })).toContainText(who.CurrentDisplayName);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('myRacer')))!) as {
    username: string;
    teamTag: string;
  };
  expect(stored).toMatchObject({ username: who.Username, teamTag: who.TeamTag });

  // Remembered: after a reload the choice is still there, and Forget me clears it.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are' })).toContainText(who.CurrentDisplayName);
  await page.getByRole('button', { name: 'Forget me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('myRacer'))).toBeNull();
});

test('the individual board highlights my row and My rank turns to its page', async ({ page }) => {
  const board = await sevenDayBoard(page);
  expect(board.length).toBeGreaterThan(60);
  const me = board[60]; // rank 61: page 2
  const pages = Math.ceil(board.length / 50);
  // Without a choice the board offers Find me instead.
  await expect(page.locator('.lb-card').getByRole('link', { name: 'Find me' })).toBeVisible();

  await chooseMe(page, me);
  await page.goto('/leaderboards?view=individuals&period=7day');
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('.pager-label')).toHaveText(`Page 1 of ${pages}`);
  await expect(table(page).locator('tr[data-mine="true"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'My rank' }).click();
  await expect(page.locator('.pager-label')).toHaveText(`Page 2 of ${pages}`);
  const mine = table(page).locator('tr[data-mine="true"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveClass(/row-mine/);
  await expect(mine).toContainText(me.Username);
  await expect(mine.locator('.rank-badge')).toHaveText('61');
  await expect(mine).toBeInViewport();
  // The highlight is more than a colour: screen readers hear it.
  await expect(mine.locator('td').first()).toContainText('Your row:');
  const background = await mine
    .locator('td')
    .nth(2)
    .evaluate((td) => getComputedStyle(td).backgroundColor);
  const other = await table(page)
    .locator('tbody tr:not([data-mine])')
    .first()
    .locator('td')
    .nth(2)
    .evaluate((td) => getComputedStyle(td).backgroundColor);
  expect(background).not.toBe(other);

  // Sorted another way and filtered to another team, My rank turns to my page in the standing.
  await page.getByRole('button', { name: /^Races/ }).click();
  await page.getByRole('button', { name: /^Races/ }).click();
  await expect(page.locator('.pager-label')).toHaveText(`Page 1 of ${pages}`);
  const otherTag = board.find((r) => r.TeamTag && r.TeamTag !== me.TeamTag)!.TeamTag!;
  await page.getByRole('searchbox', { name: 'Team' }).fill(otherTag);
  await expect.poll(() => new URL(page.url()).searchParams.get('team')).toBe(otherTag);
  await page.getByRole('button', { name: 'My rank' }).click();
  await expect(page.locator('.pager-label')).toHaveText(`Page 2 of ${pages}`);
  expect([...new URL(page.url()).searchParams.keys()].sort()).toEqual(['page', 'period', 'view']);
  await expect(table(page).locator('tr[data-mine="true"]')).toContainText(me.Username);
  await expect(page.getByRole('searchbox', { name: 'Team' })).toHaveValue('');

  // A racer with no races on the board: My rank says so.
  await page.evaluate(() =>
    localStorage.setItem('myRacer', JSON.stringify({ username: 'zzz-nobody', displayName: 'Nobody', teamTag: null })),
  );
  await page.reload();
  await page.getByRole('button', { name: 'My rank' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are not on this board.' })).toBeVisible();
  await expect(page.locator('.you-card')).toContainText('No races on this board yet');
  await chooseMe(page, me);

  // The team board highlights my team's row.
  await page.goto('/leaderboards?view=teams&period=7day');
  const teamRow = page.locator('.lb-card table.data-table tr[data-mine="true"]');
  await expect(teamRow).toHaveCount(1);
  await expect(teamRow).toContainText(me.TeamTag!);
  await expect(page.getByRole('button', { name: 'My team' })).toBeVisible();
});

test('the Me link and /racers/me open my racer page; without a choice /racers/me opens the picker', async ({
  page,
}) => {
  await page.goto('/racers/me');
  await expect(page).toHaveURL(/\/racers\/find-me$/);
  await expect(page.getByRole('heading', { name: 'This is me' })).toBeVisible();

  const members = await getJson<MemberLatest[]>(page, '/api/member-data-latest');
  const who = members[3];
  await chooseMe(page, who);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const meLink = nav.getByRole('link', { name: /^Me/ });
  await expect(meLink).toHaveAttribute('href', `/racers/${encodeURIComponent(who.Username)}/batch`);
  await page.goto('/about');
  await nav.getByRole('link', { name: /^Me/ }).click();
  await expect(page).toHaveURL(new RegExp(`/racers/${who.Username}/batch$`));
  await expect(page.locator('#racer-banner-name')).toHaveText(who.CurrentDisplayName || who.Username);
  await expect(nav.getByRole('link', { name: /^Me/ })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Racers' })).not.toHaveAttribute('aria-current', 'page');

  await page.goto('/racers/me');
  await expect(page).toHaveURL(new RegExp(`/racers/${who.Username}/batch$`));
  await expect(page.locator('#racer-banner-name')).toHaveText(who.CurrentDisplayName || who.Username);
});

test('my row is highlighted on the roster, the tracker and the event viewer', async ({ page }) => {
  const members = await getJson<MemberLatest[]>(page, '/api/member-data-latest');
  const tag = members[5].TeamTag;
  // Someone of that team who raced this week, so the weekly tracker has their row.
  const weekly = await getJson<{ participants: { Username: string }[] }>(page, `/api/weekly-participants?tag=${tag}`);
  const who = members.find((m) => m.TeamTag === tag && weekly.participants.some((p) => p.Username === m.Username))!;
  await chooseMe(page, who);
  await page.goto(`/roster?tag=${who.TeamTag}`);
  const rosterRow = page.locator('.roster-card tr[data-mine="true"]');
  await expect(rosterRow).toHaveCount(1);
  await expect(rosterRow).toContainText(who.Username);

  await page.goto(`/trackers/${who.TeamTag}`);
  await appReady(page);
  const weeklyTab = page.locator('.trackers-card').getByRole('tab', { name: 'Weekly' });
  await tapUntil(weeklyTab, page.locator('.trackers-card [role="tab"][aria-selected="true"]', { hasText: 'Weekly' }));
  const trackerRow = page.locator('.trackers-card tr[data-mine="true"]');
  await expect(trackerRow).toHaveCount(1);
  await expect(trackerRow).toContainText(who.Username);

  await page.goto(`/eventviewer?tag=${who.TeamTag}`);
  await expect.poll(() => new URL(page.url()).searchParams.get('event')).not.toBeNull();
  const eventId = new URL(page.url()).searchParams.get('event');
  const { participants } = await getJson<{ participants: { Username: string }[] }>(
    page,
    `/api/event-participants/${eventId}`,
  );
  await expect(page.locator('.event-results tbody tr').first()).toBeVisible();
  const eventRow = page.locator('.event-results tr[data-mine="true"]');
  await expect(eventRow).toHaveCount(participants.some((p) => p.Username === who.Username) ? 1 : 0);
  // Someone who raced in it: their row is the one marked.
  const racer = participants[participants.length - 1];
  await page.evaluate(
    (u) => localStorage.setItem('myRacer', JSON.stringify({ username: u, displayName: u, teamTag: null })),
    racer.Username,
  );
  await page.reload();
  await expect(eventRow).toHaveCount(1);
  await expect(eventRow).toContainText(racer.Username);
});

test('the manifest has the home-screen shortcuts My racer and Leaderboards', async ({ page }) => {
  await page.goto('/leaderboards');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await getJson<{ shortcuts: { name: string; url: string; icons: { src: string }[] }[] }>(
    page,
    new URL(href!, page.url()).pathname,
  );
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['My racer', '/racers/me'],
    ['Leaderboards', '/leaderboards'],
  ]);
  for (const s of manifest.shortcuts) {
    const icon = await page.request.get(s.icons[0].src);
    expect(icon.ok()).toBe(true);
  }
});

test('a racer page offers This is me, and on my own page You with Not me', async ({ page }) => {
  const members = await getJson<MemberLatest[]>(page, '/api/member-data-latest');
  const who = members[9];
  await page.goto(`/racers/${who.Username}/batch`);
  await appReady(page);
  const banner = page.locator('.racer-banner');
  await tapUntil(banner.getByRole('button', { name: 'This is me' }), banner.getByText('You', { exact: true }));
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Me/ })).toHaveAttribute('aria-current', 'page');
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('myRacer')))!)).toMatchObject({
    username: who.Username,
  });

  await banner.getByRole('button', { name: 'Not me' }).click();
  await expect(banner.getByRole('button', { name: 'This is me' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Find me' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('myRacer'))).toBeNull();
});

test('a name typed on the drawn page before the app’s script ran is searched once it runs', async ({ page }) => {
  // No visit first: the service worker would serve the next page; this one comes drawn from the server.
  const who = (await getJson<MemberLatest[]>(page, '/api/member-data-latest'))[3];
  let release!: () => void;
  const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  await page.goto('/racers/find-me', { waitUntil: 'commit' });
  const box = page.getByRole('combobox', { name: 'Search by display name or username' });
  await box.fill(who.Username);
  release();
  await expect(page.getByRole('option').filter({ hasText: who.Username }).first()).toBeVisible();
  await expect(box).toHaveValue(who.Username);
});
