import { expect, test } from '@playwright/test';
import type { MemberLatest } from '../../contract/roster';
import { getJson } from './support';

for (const [w, h] of [[390, 844], [1440, 900]] as const) {
  test(`shots ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const dir = `/tmp/shots-findme/${w}`;
    await page.goto('/racers/find-me');
    await expect(page.getByRole('heading', { name: 'This is me' })).toBeVisible();
    await page.screenshot({ path: `${dir}-1-findme-empty.png` });
    const members = await getJson<MemberLatest[]>(page, '/api/member-data-latest');
    const who = members[12];
    await page.getByRole('combobox').fill(who.CurrentDisplayName.slice(0, 3).toLowerCase());
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${dir}-2-findme-results.png` });
    await page.getByRole('option').first().click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${dir}-3-findme-chosen.png` });
    await page.goto('/leaderboards?view=individuals&period=7day');
    await expect(page.locator('.lb-card tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `${dir}-4-lb.png` });
    await page.getByRole('button', { name: 'My rank' }).click();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${dir}-5-lb-myrank.png` });
    await page.goto('/leaderboards?view=teams&period=7day');
    await expect(page.locator('.lb-card tbody tr').first()).toBeVisible();
    await page.screenshot({ path: `${dir}-6-lb-teams.png` });
    const mine = JSON.parse((await page.evaluate(() => localStorage.getItem('myRacer')))!) as { teamTag: string };
    await page.goto(`/roster?tag=${mine.teamTag}`);
    await expect(page.locator('.roster-card tbody tr').first()).toBeVisible();
    await page.locator('.roster-card tr[data-mine]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}-7-roster.png` });
    await page.goto('/roster?tag=NOSUCH9');
    await expect(page.getByRole('alert')).toBeVisible();
    await page.screenshot({ path: `${dir}-8-unknown.png` });
    await page.goto('/racers/me');
    await expect(page.locator('#racer-banner-name')).toBeVisible();
    await page.screenshot({ path: `${dir}-9-racer-me.png` });
  });
}
