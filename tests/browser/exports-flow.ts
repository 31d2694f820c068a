/**
 * The exports of every table, clicked as a visitor would (by keyboard: Tab to the button, Enter),
 * shared by exports.spec.ts (1440×900) and exports.phone.spec.ts (390×844). Each file's header row
 * and one value are checked against the API's own answer: numbers as number cells in Excel,
 * accuracy as a percent with two decimals, a Bot column of Yes / No wherever racers are listed.
 */
import fs from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import Papa from 'papaparse';
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../contract/leaderboards';
import type { Event } from '../../contract/events';
import type { HourlyRacesRow } from '../../contract/activity';
import type { RacerCompareResponse } from '../../contract/racer-pages';
import type { RosterHealthResponse } from '../../contract/roster-health';
import { firstTag, getJson } from './support';
import { cellUnder, headerRow, sheetCells } from './xlsx-cells';

/** Two decimals of a percent, half away from zero on the number as written (as the screen). */
const percent = (fraction: number) =>
  Number(new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: false }).format(fraction * 100));

/**
 * Moves the keyboard focus to `button` with Tab, or Shift+Tab when the focus is already past it
 * (at most `max` presses), as a keyboard user would.
 */
export async function tabTo(page: Page, button: Locator, max = 120) {
  await expect(button).toBeEnabled();
  const handle = await button.elementHandle();
  const place = () =>
    page.evaluate((el) => {
      const active = document.activeElement;
      if (active === el) return 'here';
      if (!active || active === document.body) return 'before';
      return el!.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
    }, handle);
  for (let i = 0; i < max; i++) {
    const where = await place();
    if (where === 'here') return;
    await page.keyboard.press(where === 'after' ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('the export button is not reachable with Tab');
}

/** Presses the button from the keyboard and returns the download it starts. */
async function download(page: Page, scope: Locator, name: 'Export CSV' | 'Export Excel'): Promise<Download> {
  const button = scope.getByRole('button', { name, exact: true });
  await tabTo(page, button);
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  return file;
}

async function csvOf(file: Download): Promise<string[][]> {
  const text = await fs.readFile((await file.path())!, 'utf8');
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

async function xlsxOf(file: Download) {
  return sheetCells(await fs.readFile((await file.path())!));
}

/** The page never scrolls sideways (a phone's 390 px included). */
export async function expectNoSidewaysScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over).toBeLessThanOrEqual(0);
}

export async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  await page.screenshot({ path: `/tmp/exports-shots/${name}-${size?.width ?? 0}.png`, fullPage: false });
}

/** The individual 7-day board: every row (more than one page of 50), sorted as viewed, Bot column. */
export async function individualBoard(page: Page) {
  // The rolling 7 days: a calendar week's board has few rows in its first hours (Sunday morning).
  await page.goto('/leaderboards?view=individuals&period=7day');
  const heading = page.locator('.lb-heading');
  await expect(page.locator('.lb-card tbody tr').first()).toBeVisible();
  const start = (await heading.getAttribute('data-start-time'))!;
  const end = (await heading.getAttribute('data-end-time'))!;
  const rows = await getJson<IndividualLeaderboardRow[]>(
    page,
    `/api/individual-leaderboard?start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end)}`,
  );
  const shown = rows.filter((r) => r.bot === 0).sort((x, y) => y.Points - x.Points);
  expect(shown.length).toBeGreaterThan(50);
  // Sort by WPM (descending on first click): the file follows the view.
  await page.getByRole('button', { name: /^WPM/ }).click();
  await expect(page.locator('.lb-card th[aria-sort="descending"]')).toContainText('WPM');
  await shoot(page, 'board-individual');
  await expectNoSidewaysScroll(page);

  const scope = page.locator('.lb-heading-row');
  const csvFile = await download(page, scope, 'Export CSV');
  expect(csvFile.suggestedFilename()).toBe(`leaderboard_individual_7day_${start.slice(0, 10)}_${end.slice(0, 10)}.csv`);
  const csv = await csvOf(csvFile);
  expect(csv[0]).toEqual(['Rank', 'Display Name', 'Username', 'Team', 'Races', 'Accuracy (%)', 'WPM', 'Points', 'Bot']);
  expect(csv).toHaveLength(shown.length + 1);
  const fastest = [...shown].sort((x, y) => (y.WPM ?? -1) - (x.WPM ?? -1))[0];
  expect(csv[1][2]).toBe(fastest.Username);
  expect(csv[1][0]).toBe(String(shown.indexOf(fastest) + 1));
  expect(new Set(csv.slice(1).map((r) => r[8]))).toEqual(new Set(['No']));

  const xlsx = await xlsxOf(await download(page, scope, 'Export Excel'));
  expect(headerRow(xlsx)).toEqual(csv[0]);
  expect(cellUnder(xlsx, 'Username', 1)).toEqual({ kind: 'text', value: fastest.Username });
  expect(cellUnder(xlsx, 'Races', 1)).toEqual({ kind: 'number', value: fastest.Races });
  if (fastest.Accuracy !== null)
    expect(cellUnder(xlsx, 'Accuracy (%)', 1)).toEqual({ kind: 'number', value: percent(fastest.Accuracy) });
}

/** The team 7-day board (a calendar month's has no rows in its first minutes): one row per team, accuracy in percent. */
export async function teamBoard(page: Page) {
  await page.goto('/leaderboards?view=teams&period=7day');
  await expect(page.locator('.lb-card tbody tr').first()).toBeVisible();
  const heading = page.locator('.lb-heading');
  const start = (await heading.getAttribute('data-start-time'))!;
  const end = (await heading.getAttribute('data-end-time'))!;
  const rows = await getJson<TeamLeaderboardRow[]>(
    page,
    `/api/team-leaderboard?start_time=${encodeURIComponent(start)}&end_time=${encodeURIComponent(end)}`,
  );
  const csvFile = await download(page, page.locator('.lb-heading-row'), 'Export CSV');
  expect(csvFile.suggestedFilename()).toMatch(/^leaderboard_team_7day_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await csvOf(csvFile);
  expect(csv[0]).toEqual(['Rank', 'Team Tag', 'Races', 'Accuracy (%)', 'WPM', 'Points']);
  expect(csv).toHaveLength(rows.length + 1);
  expect(csv[1][1]).toBe(rows[0].TeamTag);
  if (rows[0].Accuracy !== null) expect(Number(csv[1][3])).toBe(percent(rows[0].Accuracy));
}

/** The Batch Inspector: every batch of the range, newest first, not just the page shown. */
export async function batchTable(page: Page) {
  await page.goto('/about');
  const tag = await firstTag(page);
  const members = await getJson<{ Username: string }[]>(page, `/api/current-display-names?tag=${tag}`);
  const racer = members[0].Username;
  const { batches } = await getJson<{ batches: { batchEndTime: string; sum: number; Accuracy: number | null }[] }>(
    page,
    `/api/racer-batches?username=${encodeURIComponent(racer)}`,
  );
  await page.goto(`/racers/${racer}/batch`);
  await expect(page.getByTestId('batch-count')).toContainText('batch');
  await shoot(page, 'batch-table');
  await expectNoSidewaysScroll(page);
  const scope = page.locator('.batch-table-head');
  const csvFile = await download(page, scope, 'Export CSV');
  expect(csvFile.suggestedFilename()).toMatch(
    new RegExp(`^batches_${racer}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const csv = await csvOf(csvFile);
  expect(csv[0]).toEqual(['Batch End Time (CT)', 'Display Name', 'Team Tag', 'Races', 'WPM', 'Accuracy (%)']);
  expect(csv).toHaveLength(batches.length + 1);
  const newest = [...batches].sort((x, y) => y.batchEndTime.localeCompare(x.batchEndTime))[0];
  const xlsx = await xlsxOf(await download(page, scope, 'Export Excel'));
  expect(cellUnder(xlsx, 'Races', 1)).toEqual({ kind: 'number', value: newest.sum });
  if (newest.Accuracy !== null)
    expect(cellUnder(xlsx, 'Accuracy (%)', 1)).toEqual({ kind: 'number', value: percent(newest.Accuracy) });
}

/** Activity: each racer's races per hour with the Bot column, and the 8 days of daily races. */
export async function activity(page: Page) {
  await page.goto('/about');
  const tag = await firstTag(page);
  const hourly = await getJson<HourlyRacesRow[]>(page, `/api/hourly-races?tag=${tag}`);
  expect(hourly.length).toBeGreaterThan(0);
  await page.goto(`/activity?tag=${tag}`);
  const hourCard = page.locator('.activity-card').filter({ hasText: 'Races per Hour' });
  await expect(hourCard.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  await shoot(page, 'activity');
  await expectNoSidewaysScroll(page);
  const csvFile = await download(page, hourCard, 'Export CSV');
  expect(csvFile.suggestedFilename()).toMatch(new RegExp(`^activity_${tag}_hourly_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = await csvOf(csvFile);
  expect(csv[0]).toEqual(['Hour (CT)', 'Display Name', 'Username', 'Races', 'Bot']);
  expect(csv).toHaveLength(hourly.length + 1);
  expect(csv[1].slice(1)).toEqual([
    hourly[0].racer,
    hourly[0].username,
    String(hourly[0].races),
    hourly[0].bot ? 'Yes' : 'No',
  ]);

  const dayCard = page.locator('.activity-card').filter({ hasText: 'Daily Races' });
  const daily = await getJson<{ date: string; total_races: number }[]>(page, `/api/daily-races?tag=${tag}`);
  const xlsx = await xlsxOf(await download(page, dayCard, 'Export Excel'));
  expect(headerRow(xlsx)).toEqual(['Day', 'Races']);
  expect(cellUnder(xlsx, 'Races', 8)).toEqual({ kind: 'number', value: daily[7].total_races });
}

/** The team's events list, as the table lists it. */
export async function eventsList(page: Page) {
  await page.goto('/about');
  const tag = await firstTag(page);
  const events = await getJson<Event[]>(page, `/api/team-events?tag=${tag}`);
  expect(events.length).toBeGreaterThan(0);
  await page.goto(`/events?tag=${tag}`);
  await expect(page.locator('.events-page tbody tr').first()).toBeVisible();
  await shoot(page, 'events');
  await expectNoSidewaysScroll(page);
  const card = page.locator('.events-page');
  const csvFile = await download(page, card, 'Export CSV');
  expect(csvFile.suggestedFilename()).toBe(`events_${tag}.csv`);
  const csv = await csvOf(csvFile);
  expect(csv[0]).toEqual([
    'Event ID',
    'Title',
    'Team Tag',
    'Start Time (CT)',
    'End Time (CT)',
    'Status',
    'Description',
  ]);
  expect(csv).toHaveLength(events.length + 1);
  const xlsx = await xlsxOf(await download(page, card, 'Export Excel'));
  expect(cellUnder(xlsx, 'Event ID', 1)).toEqual({ kind: 'number', value: events[0].EventID });
  expect(cellUnder(xlsx, 'Start Time (CT)', 1)).toEqual({ kind: 'text', value: events[0].StartTime });
}

/** Roster health as shown, its Bot column Yes / No. */
export async function health(page: Page) {
  await page.goto('/about');
  const tag = await firstTag(page);
  const data = await getJson<RosterHealthResponse>(page, `/api/roster-health?tag=${tag}`);
  await page.goto(`/health?tag=${tag}`);
  await expect(page.locator('.health-card tbody tr').first()).toBeVisible();
  await shoot(page, 'health');
  const csv = await csvOf(await download(page, page.locator('.health-card'), 'Export CSV'));
  expect(csv[0].at(-1)).toBe('Bot');
  expect(csv).toHaveLength(data.members.length + 1);
  const byName = new Map(csv.slice(1).map((r) => [r[1], r.at(-1)]));
  for (const m of data.members) expect(byName.get(m.Username)).toBe(m.bot ? 'Yes' : 'No');
}

/** Head-to-head: both tables as sheets, numbers as number cells (the totals too). */
export async function headToHead(page: Page) {
  await page.goto('/about');
  const tag = await firstTag(page);
  const members = await getJson<{ Username: string }[]>(page, `/api/current-display-names?tag=${tag}`);
  const [a, b] = [members[0].Username, members[1].Username];
  await page.goto(`/racers/compare?a=${a}&b=${b}`);
  await expect(page.locator('.compare-totals tbody tr').first()).toBeVisible({ timeout: 30_000 });
  const from = await page.locator('#compare-from').inputValue();
  const to = await page.locator('#compare-to').inputValue();
  const data = await getJson<RacerCompareResponse>(page, `/api/racer-compare?a=${a}&b=${b}&from=${from}&to=${to}`);
  await shoot(page, 'compare');
  await expectNoSidewaysScroll(page);
  const scope = page.locator('.racer-panel').first();
  const file = await download(page, scope, 'Export Excel');
  expect(file.suggestedFilename()).toBe(`compare_${a}_${b}_${from}_${to}.xlsx`);
  const buf = await fs.readFile((await file.path())!);
  const totals = sheetCells(buf, 1);
  expect(headerRow(totals)).toEqual(['Total', a, b]);
  expect(cellUnder(totals, a, 1)).toEqual({ kind: 'number', value: data.a.totals.races });
  expect(cellUnder(totals, 'Total', 3)).toEqual({ kind: 'text', value: 'Accuracy (%)' });
  if (data.b.totals.accuracy !== null)
    expect(cellUnder(totals, b, 3)).toEqual({ kind: 'number', value: percent(data.b.totals.accuracy) });
  const days = sheetCells(buf, 2);
  expect(headerRow(days)).toEqual([
    'Day',
    `${a} races`,
    `${b} races`,
    `${a} WPM`,
    `${b} WPM`,
    `${a} accuracy (%)`,
    `${b} accuracy (%)`,
  ]);
  const last = data.days.length - 1;
  expect(cellUnder(days, 'Day', 1)).toEqual({ kind: 'text', value: data.days[last] });
  expect(cellUnder(days, `${a} races`, 1)).toEqual({ kind: 'number', value: data.a.races[last] });
}
