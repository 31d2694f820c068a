/**
 * Team screens: pick a team on /roster (info card and roster from the API, sorting, export), open
 * the activity charts, and switch tracker days and weeks; on a phone the tables scroll inside
 * their own box while the page does not. Every number on screen is checked against the API.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { appReady, firstTag, getJson as api } from './support';

interface Member {
  Username: string;
  Joined: string | null;
  TeamRaces: number | null;
  squad: string;
}
interface Participant {
  Username: string;
  Points: number;
}

const int = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(Math.round(n));

function teamSelect(page: Page): Locator {
  return page.locator('.team-select select');
}

function bodyRows(table: Locator): Locator {
  return table.locator('tbody tr:not(.empty-row)');
}

/** The usernames shown in the table's Username column. */
async function usernames(table: Locator, column: number): Promise<string[]> {
  return bodyRows(table).locator(`td:nth-child(${column})`).allInnerTexts();
}

test('picking a team shows its info card and roster, sortable and exportable', async ({ page }) => {
  const tag = await firstTag(page);
  await page.goto('/roster');
  await expect(page.getByText('Select a team to see its roster.')).toBeVisible();
  await teamSelect(page).selectOption(tag);
  await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe(tag);

  const info = await api<{ Tag: string; name: string | null; WeeklyRequirements: number | null }>(
    page,
    `/api/team-info?tag=${tag}`,
  );
  const card = page.locator('.team-info');
  await expect(card.locator('.team-info-item', { hasText: 'Tag' }).first().locator('dd')).toHaveText(info.Tag);
  await expect(card.locator('.team-info-item', { hasText: 'Weekly Requirements' }).locator('dd')).toHaveText(
    info.WeeklyRequirements ? int(info.WeeklyRequirements) : 'N/A',
  );

  const members = await api<Member[]>(page, `/api/current-display-names?tag=${tag}`);
  const table = page.locator('.roster-card table');
  await expect(bodyRows(table)).toHaveCount(members.length);
  // Joined ascending by default: the API's order (unknown dates last).
  expect(await usernames(table, 2)).toEqual(members.map((m) => m.Username));
  const profile = bodyRows(table).first().locator('td').first().locator('a');
  await expect(profile).toHaveAttribute('href', `https://www.nitrotype.com/racer/${members[0].Username}`);
  await expect(profile).toHaveAttribute('target', '_blank');
  await expect(bodyRows(table).first().locator('td').nth(1).locator('a')).toHaveAttribute(
    'href',
    `/racers?username=${encodeURIComponent(members[0].Username)}&subtab=batch&tag=${tag}`,
  );

  // Team Races: ascending first, then descending, numerically.
  const races = members.filter((m) => m.TeamRaces !== null).map((m) => m.TeamRaces as number);
  await table.getByRole('button', { name: /Team Races/ }).click();
  await expect(bodyRows(table).first().locator('td').nth(5)).toHaveText(int(Math.min(...races)));
  await table.getByRole('button', { name: /Team Races/ }).click();
  await expect(bodyRows(table).first().locator('td').nth(5)).toHaveText(int(Math.max(...races)));
  await expect(table.locator('th[aria-sort="descending"]')).toContainText('Team Races');

  // Squad: members without a squad last ascending, first descending.
  const unassigned = members.filter((m) => !m.squad).length;
  if (unassigned > 0 && unassigned < members.length) {
    await table.getByRole('button', { name: /Squad Name/ }).click();
    await expect(bodyRows(table).last().locator('.squad-badge')).toHaveText('Unassigned');
    await expect(bodyRows(table).first().locator('.squad-badge')).not.toHaveText('Unassigned');
    await table.getByRole('button', { name: /Squad Name/ }).click();
    await expect(bodyRows(table).first().locator('.squad-badge')).toHaveText('Unassigned');
  }

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`roster_${tag}.csv`);
  const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  const lines = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split(/\r\n/);
  // Text cells are quoted (src/lib/export/csv.ts).
  expect(lines[0]).toContain('"Current Display Name","Username","Team Tag","Squad Name"');
  expect(lines).toHaveLength(members.length + 1);
});

test('the activity screen shows the team stats and the three charts', async ({ page }) => {
  const tag = await firstTag(page);
  await page.goto(`/activity?tag=${tag}`);
  const stats = await api<{
    races: number;
    active_members: number;
    top_racer_7d: { CurrentDisplayName: string } | null;
  }>(page, `/api/team-stats?tag=${tag}`);
  const card = (label: string) =>
    page.locator('.stat-card', { has: page.locator('.stat-label', { hasText: label }) }).locator('.stat-value');
  await expect(card('Races (24h)')).toHaveText(int(stats.races));
  await expect(card('Active Members (24h)')).toHaveText(int(stats.active_members));
  await expect(card('Top Racer (7 days)')).toHaveText(stats.top_racer_7d?.CurrentDisplayName ?? '-');

  await expect(page.locator('.activity-card canvas')).toHaveCount(3);
  const hourly = await api<Array<{ username: string; races: number }>>(page, `/api/hourly-races?tag=${tag}`);
  const racers = new Set(hourly.map((r) => r.username)).size;
  await expect(page.locator('.chart-legend li')).toHaveCount(racers > 20 ? 21 : racers);
  if (racers > 20) {
    await page.getByRole('button', { name: /Show More/ }).click();
    await expect(page.locator('.chart-legend li')).toHaveCount(racers);
    await page.getByRole('button', { name: 'Show Less' }).click();
  }
  // The demo community is polled every 10 minutes: the screen and a fresh answer agree once both
  // have the same poll's data.
  const caption = async () =>
    (await api<Array<{ date: string; total_races: number }>>(page, `/api/daily-races?tag=${tag}`))
      .slice(-8)
      .map((d) => `${d.date}: ${d.total_races} races`)
      .join('; ');
  const figcaption = page.locator('.period-chart figcaption').first();
  await expect.poll(async () => (await figcaption.textContent()) === (await caption())).toBe(true);

  // Hovering a bar reads out that hour's races.
  const plot = page.locator('.hourly-chart .u-over');
  const box = (await plot.boundingBox())!;
  await page.mouse.move(box.x + box.width - 8, box.y + box.height / 2);
  await expect(page.locator('.chart-readout')).toContainText('races');
});

test('trackers move the tag into the path and switch days and weeks', async ({ page }) => {
  const tag = await firstTag(page);
  await page.goto(`/trackers?tag=${tag}`);
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/trackers/${tag}`);
  await expect(page.getByRole('tab', { name: 'Daily' })).toHaveAttribute('aria-selected', 'true');

  const picker = page.locator('.tracker-picker select');
  const days = await picker.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(days).toHaveLength(7);
  const table = page.locator('.trackers-card table');
  const checkPeriod = async (path: string) => {
    const body = await api<{ participants: Participant[] }>(page, path);
    if (body.participants.length === 0) {
      await expect(page.locator('.trackers-card .state-empty')).toBeVisible();
      return;
    }
    await expect(bodyRows(table)).toHaveCount(body.participants.length);
    expect(await usernames(table, 3)).toEqual(body.participants.map((p) => p.Username));
    await expect(bodyRows(table).first().locator('td').last()).toHaveText(int(body.participants[0].Points));
  };
  await checkPeriod(`/api/daily-participants?tag=${tag}&date=${days[0]}`);
  await expect(bodyRows(table).first().locator('td').nth(2).locator('a')).toHaveAttribute(
    'href',
    new RegExp(`&tag=${tag}$`),
  );
  await picker.selectOption(days[1]);
  await checkPeriod(`/api/daily-participants?tag=${tag}&date=${days[1]}`);

  await page.getByRole('tab', { name: 'Weekly' }).click();
  const weeks = await picker
    .locator('option')
    .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
  expect(weeks).toHaveLength(7);
  expect(weeks[0][1]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} - [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  expect(new Date(`${weeks[0][0]}T12:00:00Z`).getUTCDay()).toBe(0);
  await checkPeriod(`/api/weekly-participants?tag=${tag}&week=${weeks[0][0]}`);
  // The weekly tracker's username links leave the tag out.
  await expect(bodyRows(table).first().locator('td').nth(2).locator('a')).not.toHaveAttribute('href', /tag=/);
  await picker.selectOption(weeks[1][0]);
  await checkPeriod(`/api/weekly-participants?tag=${tag}&week=${weeks[1][0]}`);

  // Points descending by default; clicking Races sorts by races descending.
  await table.getByRole('button', { name: /Races/ }).click();
  const shown = (await bodyRows(table).locator('td:nth-child(5)').allInnerTexts()).map((s) =>
    Number(s.replace(/,/g, '')),
  );
  expect(shown).toEqual([...shown].sort((a, b) => b - a));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('tables scroll inside their box and the page does not', async ({ page }) => {
    const tag = await firstTag(page);
    for (const path of [`/roster?tag=${tag}`, `/trackers/${tag}`]) {
      await page.goto(path);
      await appReady(page);
      const wrap = page.locator('.table-wrap').first();
      await expect(wrap.locator('tbody tr').first()).toBeVisible();
      const [pageWidth, boxScroll, boxWidth] = await wrap.evaluate((el) => [
        document.documentElement.scrollWidth,
        el.scrollWidth,
        el.clientWidth,
      ]);
      expect(pageWidth, path).toBeLessThanOrEqual(390);
      expect(boxScroll, path).toBeGreaterThan(boxWidth);
    }
    await page.goto(`/activity?tag=${tag}`);
    await expect(page.locator('.activity-card canvas')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
