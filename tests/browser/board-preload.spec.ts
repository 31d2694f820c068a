/**
 * The leaderboard's HTML preloads its first API calls (server/http/app-shell.ts); the app must then
 * fetch exactly those addresses, so each is loaded once and the preloads are used, not doubled.
 */
import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

for (const address of ['/leaderboards', '/']) {
  test(`a first visit to ${address} uses the preloaded board data`, async ({ page }) => {
    const unused: string[] = [];
    page.on('console', (m) => {
      if (/preloaded using link preload but not used/.test(m.text())) unused.push(m.text());
    });
    await page.goto(address);
    await expect(page.locator('table.data-table tbody tr:not(.empty-row)').first()).toBeVisible();
    // Rank changes: the board before it is in too.
    await expect(page.locator('.lb-heading')).toHaveAttribute('data-previous-start-time', /\d/);
    const { preloaded, loads } = await page.evaluate(() => ({
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map((l) => l.href),
      loads: performance.getEntriesByType('resource').map((e) => e.name),
    }));
    expect(preloaded.map((href) => new URL(href).pathname)).toEqual([
      '/api/site',
      '/api/me',
      '/api/team-leaderboard',
      '/api/team-leaderboard',
    ]);
    for (const href of preloaded)
      expect(
        loads.filter((name) => name === href),
        href,
      ).toHaveLength(1);
    // Every board call the app made was one of the preloads.
    const boardCalls = loads.filter((name) => name.includes('/api/team-leaderboard'));
    expect(
      boardCalls.every((name) => preloaded.includes(name)),
      boardCalls.join('\n'),
    ).toBe(true);
    expect(unused).toEqual([]);
  });
}

test('a first visit to the individual board uses its preloaded first page (rank changes come with it)', async ({
  page,
}) => {
  const unused: string[] = [];
  page.on('console', (m) => {
    if (/preloaded using link preload but not used/.test(m.text())) unused.push(m.text());
  });
  await page.goto('/leaderboards?view=individuals&period=7day');
  await expect(page.locator('table.data-table tbody tr:not(.empty-row) .rank-change').first()).toBeVisible();
  const { preloaded, loads } = await page.evaluate(() => ({
    preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].map((l) => l.href),
    loads: performance.getEntriesByType('resource').map((e) => e.name),
  }));
  expect(preloaded.map((href) => new URL(href).pathname)).toEqual([
    '/api/site',
    '/api/me',
    '/api/individual-leaderboard',
  ]);
  const boardCalls = loads.filter((name) => name.includes('/api/individual-leaderboard'));
  expect(boardCalls).toEqual([preloaded[2]]);
  expect(unused).toEqual([]);
});
