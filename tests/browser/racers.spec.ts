/**
 * Racer inspector: username filter, choosing a racer, the info banner and batch table against the
 * API's answers, the date-range slider shrinking the table and the chart series, the Daily and
 * Weekly tabs, the address forms, and the error texts of docs/product.md §8.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { shownAccuracy, shownWpm, withoutServerDrawing } from './support';

interface Batch {
  batchEndTime: string;
  CurrentDisplayName: string | null;
  teamTag: string;
  sum: number;
  WPM: number | null;
  Accuracy: number | null;
  racesPlayedBatch: number;
}

interface Racer {
  username: string;
  usernames: string[];
  batches: Batch[];
  /** Unix seconds of each batch, same order. */
  endTime: number[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-22 08:00:00" (CT wall time from the API) → "Nov 22, 2026 8:00 AM CT" as the table shows it. */
function ctLabel(s: string): string {
  const [d, t] = s.split(' ');
  const [y, mo, da] = d.split('-').map(Number);
  const [h, mi] = t.split(':').map(Number);
  return `${MONTHS[mo - 1]} ${da}, ${y} ${h % 12 || 12}:${String(mi).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'} CT`;
}

/** The Sunday starting the week of a YYYY-MM-DD day. */
function sundayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return new Date(t - new Date(t).getUTCDay() * 86_400_000).toISOString().slice(0, 10);
}

/** Sums per period key, newest first, at most 30. */
function periodSums(batches: Batch[], keyOf: (b: Batch) => string): [string, number, number][] {
  const m = new Map<string, [string, number, number]>();
  for (const b of batches) {
    const k = keyOf(b);
    const e = m.get(k) ?? [k, 0, 0];
    e[1] += b.sum;
    e[2] += b.racesPlayedBatch;
    m.set(k, e);
  }
  return [...m.values()].sort((a, b) => (a[0] < b[0] ? 1 : -1)).slice(0, 30);
}

/** The racer with the most batches in the demo community, with their history in both shapes. */
async function busiestRacer(request: APIRequestContext): Promise<Racer> {
  const { usernames } = (await (await request.get('/api/all-usernames')).json()) as { usernames: string[] };
  let best: { username: string; batches: Batch[] } | null = null;
  for (const username of usernames) {
    const { batches } = await (await request.get(`/api/racer-batches?username=${encodeURIComponent(username)}`)).json();
    if (!best || batches.length > best.batches.length) best = { username, batches };
  }
  const cols = await (
    await request.get(`/api/racer-batches?username=${encodeURIComponent(best!.username)}&format=columns`)
  ).json();
  return { ...best!, usernames, endTime: cols.columns.endTime };
}

async function expectFirstRow(page: Page, b: Batch) {
  const cells = page.locator('.batch-table tbody tr').first().locator('td');
  await expect(cells).toHaveText([
    ctLabel(b.batchEndTime),
    b.CurrentDisplayName || '-',
    b.teamTag,
    String(b.sum),
    shownWpm(b.WPM),
    shownAccuracy(b.Accuracy),
  ]);
}

async function expectBatchCount(page: Page, n: number) {
  await expect(page.getByTestId('batch-count')).toHaveText(
    `${n.toLocaleString('en-US')} ${n === 1 ? 'batch' : 'batches'}`,
  );
  await expect(page.getByTestId('batch-chart')).toHaveAttribute('data-points', String(n));
  await expect(page.locator('.pager-label')).toHaveText(`Page 1 of ${Math.max(1, Math.ceil(n / 50))}`);
}

async function expectPeriods(page: Page, expected: [string, number, number][]) {
  await expect(page.getByTestId('period-chart')).toHaveAttribute('data-periods', String(expected.length));
  const rows = page.getByTestId('period-table').locator('tbody tr');
  await expect(rows).toHaveCount(expected.length);
  const seen = await rows.evaluateAll((trs: HTMLTableRowElement[]) =>
    trs.map((tr) => [
      tr.querySelector('time')!.getAttribute('datetime')!,
      Number(tr.cells[1].textContent),
      Number(tr.cells[2].textContent),
    ]),
  );
  expect(seen).toEqual(expected);
  const canvas = page.locator('.period-chart canvas').first();
  expect((await canvas.boundingBox())!.height).toBeCloseTo(Math.max(400, 40 * expected.length), 0);
}

test.describe('racer inspector', () => {
  let racer: Racer;
  test.beforeAll(async ({ request }) => {
    racer = await busiestRacer(request);
    expect(racer.batches.length).toBeGreaterThan(10);
  });

  test('filters usernames case-sensitively and shows "No usernames found."', async ({ page }) => {
    await page.goto('/racers');
    const select = page.getByRole('combobox', { name: 'Racer' });
    const filter = page.getByPlaceholder('Type to filter usernames...');
    const optionTexts = () => select.locator('option').allTextContents();
    await expect.poll(async () => (await optionTexts()).length).toBe(racer.usernames.length + 1);

    const part = racer.username.slice(1, 4);
    await filter.fill(part);
    await expect.poll(optionTexts).toEqual(['Select username', ...racer.usernames.filter((u) => u.includes(part))]);

    const flipped = part === part.toUpperCase() ? part.toLowerCase() : part.toUpperCase();
    await filter.fill(flipped);
    const flippedMatches = racer.usernames.filter((u) => u.includes(flipped));
    await expect.poll(optionTexts).toEqual(['Select username', ...flippedMatches]);

    await filter.fill('#no such racer#');
    await expect(page.getByText('No usernames found.')).toBeVisible();
    await expect.poll(optionTexts).toEqual(['Select username']);
  });

  test('picks a racer, filters by date range, then shows daily and weekly races', async ({ page, request }) => {
    const { username, batches, endTime } = racer;
    const info = await (await request.get(`/api/racer-info?username=${encodeURIComponent(username)}`)).json();

    await page.goto('/racers');
    await page.getByPlaceholder('Type to filter usernames...').fill(username);
    await page.getByRole('combobox', { name: 'Racer' }).selectOption(username);
    await expect(page).toHaveURL(new RegExp(`/racers/${username}/batch$`));

    // Info banner, against /api/racer-info.
    const field = (label: string) => page.locator(`dd[data-field="${label}"]`);
    await expect(page.locator('.racer-banner-name')).toHaveText(info.displayName || username);
    await expect(field('Username')).toHaveText(username);
    await expect(field('UserID')).toHaveText(String(info.userID));
    await expect(field('Team Tag')).toHaveText(info.teamTag ?? '-');
    await expect(field('Lifetime Races')).toHaveText(info.racesPlayed.toLocaleString('en-US'));
    await expect(field('Team Races')).toHaveText(info.played.toLocaleString('en-US'));
    await expect(field('Top WPM')).toHaveText(shownWpm(info.highestSpeed));
    // The bot marker follows the API; a visitor gets no bot toggle.
    await expect(page.locator('.racer-bot-badge')).toHaveCount(info.bot);
    await expect(page.locator('.racer-banner').getByRole('button', { name: /as bot$/ })).toHaveCount(0);

    // Whole history: every batch in the table count and the chart; newest batch first.
    await expect(page.getByTestId('date-range-caption')).toHaveText('All');
    await expectBatchCount(page, batches.length);
    await expectFirstRow(page, batches[batches.length - 1]);

    // Move the start to the middle batch, then the end to three quarters.
    const k = Math.floor(batches.length / 2);
    const m = k + Math.floor((batches.length - k) / 2);
    const start = endTime[k] * 1000;
    const end = endTime[m] * 1000;
    await page.getByLabel('Start of date range').fill(String(start));
    await expect(page.getByTestId('date-range-caption')).toContainText(' - ');
    const fromStart = endTime.filter((t) => t * 1000 >= start).length;
    await expectBatchCount(page, fromStart);
    expect(fromStart).toBeLessThan(batches.length);

    await page.getByLabel('End of date range').fill(String(end));
    const inRange = endTime
      .map((t, i) => [t * 1000, i])
      .filter(([t]) => t >= start && t <= end)
      .map(([, i]) => i);
    await expectBatchCount(page, inRange.length);
    expect(inRange.length).toBeLessThan(fromStart);
    await expectFirstRow(page, batches[inRange[inRange.length - 1]]);
    const chosen = inRange.map((i) => batches[i]);

    // Daily Races: CT days of the chosen range, newest first.
    await page.getByRole('link', { name: 'Daily Races' }).click();
    await expect(page).toHaveURL(new RegExp(`/racers/${username}/daily$`));
    await expect(page.getByRole('heading', { name: 'Daily Races' })).toBeVisible();
    await expectPeriods(
      page,
      periodSums(chosen, (b) => b.batchEndTime.slice(0, 10)),
    );

    // Weekly Races: Sunday weeks of the same range.
    await page.getByRole('link', { name: 'Weekly Races' }).click();
    await expect(page).toHaveURL(new RegExp(`/racers/${username}/weekly$`));
    await expect(page.getByRole('heading', { name: 'Weekly Races' })).toBeVisible();
    await expectPeriods(
      page,
      periodSums(chosen, (b) => sundayOf(b.batchEndTime.slice(0, 10))),
    );

    // Reset brings the whole history back.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByTestId('date-range-caption')).toHaveText('All');
    await expectPeriods(
      page,
      periodSums(batches, (b) => sundayOf(b.batchEndTime.slice(0, 10))),
    );

    // Clearing the racer clears everything.
    await page.getByRole('combobox', { name: 'Racer' }).selectOption('');
    await expect(page).toHaveURL(/\/racers(\?|$)/);
    await expect(page.locator('.racer-banner')).toHaveCount(0);
    await expect(page.getByTestId('date-range-caption')).toHaveCount(0);
  });

  test('opens the spec address forms and falls back to batch', async ({ page }) => {
    await page.goto(`/racers?username=${racer.username}&subtab=weekly&tag=TEAMX`);
    await expect(page).toHaveURL(new RegExp(`/racers/${racer.username}/weekly\\?tag=TEAMX$`));
    await expect(page.getByRole('heading', { name: 'Weekly Races' })).toBeVisible();
    // The tag stays in the address across the tabs.
    await page.getByRole('link', { name: 'Batch Inspector' }).click();
    await expect(page).toHaveURL(new RegExp(`/racers/${racer.username}/batch\\?tag=TEAMX$`));

    await page.goto(`/racers/${racer.username}/nonsense`);
    await expect(page).toHaveURL(new RegExp(`/racers/${racer.username}/batch$`));
    await expect(page.getByRole('heading', { name: 'Batch Inspector' })).toBeVisible();

    await page.goto(`/racers/${racer.username}`);
    await expect(page.getByRole('heading', { name: 'Batch Inspector' })).toBeVisible();
    await expectBatchCount(page, racer.batches.length);
  });

  test('shows the server error for an unknown racer and the fixed texts when the calls fail', async ({
    page,
    baseURL,
  }) => {
    await withoutServerDrawing(page, baseURL!);
    await page.goto('/racers/nobody_by_that_name/batch');
    await expect(page.getByRole('alert').filter({ hasText: 'Racer nobody_by_that_name not found' })).toHaveCount(2);

    // A server failure (no answer at all is offline, which keeps the saved screen instead).
    const failure = {
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Server error occurred' }),
    };
    await page.route('**/api/racer-info?*', (route) => route.fulfill(failure));
    await page.route('**/api/racer-batches?*', (route) => route.fulfill(failure));
    await page.goto(`/racers/${racer.username}/daily`);
    await expect(page.getByText('Failed to fetch racer info')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Failed to fetch batch data')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.racer-banner')).toHaveCount(0);
  });
});
