/**
 * A team the game does not answer for, in the browser (team-failing.spec.ts on desktop,
 * team-failing.phone.spec.ts at 390x844): an admin tracks a tag the simulated game has no team for,
 * a collector poll fails on it, the tracked-teams panel says why and since when, and its team
 * screens say there is no data for it, offline too from saved data. A demo team whose last poll is
 * old (the browser's clock moved on) gets the "No new data since" note; a fresh one gets none.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN, getJson, logIn, persistedQueries } from './support';

interface TrackedTeam {
  tag: string;
  failingSince: string | null;
  lastError: string | null;
}

/** The simulated game answers an unknown tag with `{"status":"FAIL","data":{"message":"Could not find team."}}`. */
const GAME_ERROR = 'The game answered with an error: Could not find team.';

/** The staff panel's times: the viewer's locale, as the browser formats them. */
function panelTime(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (at) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    iso,
  );
}

/** The note fits the viewport: no sideways scrolling on a phone. */
async function expectWithinViewport(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  const width = page.viewportSize()!.width;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

export async function failingTeamFlow(page: Page, context: BrowserContext, tag: string) {
  await page.goto('/admin');
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
  await logIn(page, ADMIN);
  await page.getByRole('tab', { name: 'Tracked Teams' }).click();
  await page.getByLabel('Team tag').fill(tag);
  await page.getByRole('button', { name: 'Track team' }).click();
  const row = page.getByRole('region', { name: 'Teams table' }).getByRole('row').filter({ hasText: tag });
  // Tracked, not polled yet: nothing has failed.
  await expect(row).toContainText('Not yet');
  try {
    const poll = await page.request.post('/e2e/poll', { data: {} });
    expect(await poll.json()).toEqual({ ok: 4, failed: 1 });

    const listed = await getJson<TrackedTeam[]>(page, '/api/admin/tracked-teams');
    const failing = listed.find((r) => r.tag === tag)!;
    expect(failing.lastError).toBe(GAME_ERROR);
    expect(failing.failingSince).not.toBeNull();
    const health = await getJson<{ status: string; failingTeams: Array<{ tag: string; lastError: string }> }>(
      page,
      '/api/health',
    );
    expect(health.status).toBe('ok');
    expect(health.failingTeams).toEqual([expect.objectContaining({ tag, lastError: GAME_ERROR })]);

    await page.reload();
    await page.getByRole('tab', { name: 'Tracked Teams' }).click();
    await expect(row).toContainText(
      `Never collected, failing since ${await panelTime(page, failing.failingSince!)}: ${GAME_ERROR}`,
    );
    await expect(row).not.toContainText('Not yet');

    // Its team screens say there is no data for it, and why.
    const note = page.locator('.team-stale-note');
    const noData = `No data for ${tag} yet: the game has not answered for it.`;
    await page.goto(`/roster?tag=${tag}`);
    await expect(note).toHaveText(noData);
    await expectWithinViewport(page, '.team-stale-note');
    await expect.poll(async () => (await persistedQueries(page)).includes(`["teams","${tag}","info"]`)).toBe(true);

    // A demo team polled just now has no note.
    const fresh = (await getJson<string[]>(page, '/api/team-tags')).find((t) => t !== tag)!;
    await page.goto(`/roster?tag=${fresh}`);
    await expect(page.locator('.team-info')).toBeVisible();
    await expect(note).toHaveCount(0);

    // Offline, from the saved team info.
    await context.setOffline(true);
    await page.goto(`/activity?tag=${tag}`);
    await expect(page.locator('.banner-offline')).toBeVisible();
    await expect(note).toHaveText(noData);
    await context.setOffline(false);
  } finally {
    await context.setOffline(false);
    const res = await page.request.delete(`/api/admin/tracked-teams/${tag}`);
    expect(res.status()).toBe(200);
  }
}

export async function staleDemoTeamFlow(page: Page) {
  // A demo team (not a tag an admin test tracked).
  const tag = (await getJson<string[]>(page, '/api/team-tags')).find((t) => !t.startsWith('E2E'))!;
  const info = await getJson<{ lastPolledAt: string | null }>(page, `/api/team-info?tag=${tag}`);
  expect(info.lastPolledAt).not.toBeNull();
  // Two hours after the team's last poll (the server still answers as it is).
  await page.clock.setFixedTime(new Date(Date.parse(info.lastPolledAt!) + 2 * 3600_000));
  await page.goto(`/trackers?tag=${tag}`);
  const note = page.locator('.team-stale-note');
  // The time as the site writes it ("Nov 27, 2026 3:53 AM CT"); its digits are not compared: under
  // Playwright's fixed clock the page's time-zone conversion is off (unit tests cover formatCT).
  await expect(note).toHaveText(
    new RegExp(
      `^No new data for ${tag} since [A-Z][a-z]{2} \\d{1,2}, \\d{4} \\d{1,2}:\\d{2} [AP]M CT: the game has not answered for it\\.$`,
    ),
  );
  await expectWithinViewport(page, '.team-stale-note');
  // Every team screen shows it, above the screen's own content.
  await page.goto(`/health?tag=${tag}`);
  await expect(note).toContainText(`No new data for ${tag} since`);
}
