/**
 * The game's status of a racer: a Banned / Warned badge beside the name on the roster (as the
 * API's GameStatus says, none for the rest) and on the racer banner, at desktop and phone sizes.
 */
import { expect, test, type Page } from '@playwright/test';
import { getJson } from './support';

interface Member {
  Username: string;
  CurrentDisplayName: string;
  GameStatus: 'banned' | 'warned' | null;
}

/** A tracked team with a member in each status, and that roster. */
async function teamWithStatuses(page: Page): Promise<{ tag: string; members: Member[] }> {
  const tags = await getJson<string[]>(page, '/api/team-tags');
  let best: { tag: string; members: Member[] } | null = null;
  for (const tag of tags) {
    const members = await getJson<Member[]>(page, `/api/current-display-names?tag=${tag}`);
    const flagged = members.filter((m) => m.GameStatus).length;
    if (!best || flagged > best.members.filter((m) => m.GameStatus).length) best = { tag, members };
  }
  expect(best!.members.some((m) => m.GameStatus)).toBe(true);
  return best!;
}

async function checkRosterAndBanner(page: Page, width: number) {
  const { tag, members } = await teamWithStatuses(page);
  await page.goto(`/roster?tag=${tag}`);
  const rows = page.locator('.roster-card tbody tr');
  await expect(rows).toHaveCount(members.length);
  const badges = page.locator('.roster-card .game-status-badge');
  await expect(badges).toHaveCount(members.filter((m) => m.GameStatus).length);
  const flagged = members.find((m) => m.GameStatus)!;
  const row = rows.filter({ hasText: flagged.Username });
  await expect(row.locator('.game-status-badge')).toHaveText(flagged.GameStatus === 'banned' ? 'Banned' : 'Warned');
  await expect(row.locator('.game-status-badge')).toHaveClass(new RegExp(`\\b${flagged.GameStatus}\\b`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  await page.goto(`/racers/${flagged.Username}`);
  const banner = page.locator('.racer-banner');
  await expect(banner.locator('.racer-banner-title .game-status-badge')).toHaveText(
    flagged.GameStatus === 'banned' ? 'Banned' : 'Warned',
  );
  const box = await banner.locator('.game-status-badge').boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  const clean = members.find((m) => !m.GameStatus)!;
  await page.goto(`/racers/${clean.Username}`);
  await expect(page.locator('.racer-banner-name')).toBeVisible();
  await expect(page.locator('.racer-banner .game-status-badge')).toHaveCount(0);
}

test('shows the game status badge on the roster and the racer banner', async ({ page }) => {
  await checkRosterAndBanner(page, 1440);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows the badges within the screen', async ({ page }) => {
    await checkRosterAndBanner(page, 390);
  });
});
