/**
 * Events and the event viewer against the demo community: the team's events list, the event
 * selection rule with the address and storage, the Racers / Squads / Teams tables (numbers checked
 * against the API's answers), sorting, the Winnings column, and both exports read back with
 * independent readers (papaparse, read-excel-file) and compared with the table on screen.
 */
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import readExcelFile from 'read-excel-file/node';
import type { Event, Participant, SquadSummaryRow, TeamSummaryRow } from '../../contract/events';
import { getJson, shownAccuracy, shownPercent, shownWpm, withoutServerDrawing } from './support';

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fmtInt = (n: number) => int.format(Math.round(n));
const fmtWpm = shownWpm;
const fmtAcc = shownAccuracy;
const fmtMoney = (n: number | null) => (n === null ? '' : `$${fmtInt(n)}`);

/** The demo team that takes part in the pay-to-play event, with its events. */
async function payToPlayTeam(page: Page): Promise<{ tag: string; events: Event[]; cup: Event }> {
  for (const tag of await getJson<string[]>(page, '/api/team-tags')) {
    const events = await getJson<Event[]>(page, `/api/team-events?tag=${tag}`);
    const cup = events.find((e) => e.PayoutIncrement);
    if (cup && events.length > 1) return { tag, events, cup };
  }
  throw new Error('no pay-to-play event in the demo');
}

function latestEvent(events: Event[]): Event {
  return [...events].sort((a, b) => b.StartTime.localeCompare(a.StartTime) || b.EventID - a.EventID)[0];
}

const table = (page: Page) => page.locator('.event-results table.data-table');

/** The visible table as text: header texts (without sort arrows) and cell texts. */
async function screenTable(page: Page): Promise<{ headers: string[]; rows: string[][] }> {
  const t = table(page);
  await expect(t.locator('tbody tr').first()).toBeVisible();
  // textContent: the header style upper-cases what innerText would report.
  const headers = (await t.locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
  const rows = await t
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())),
    );
  return { headers, rows };
}

const eventParam = (page: Page) => new URL(page.url()).searchParams.get('event');

test.beforeEach(async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.clear());
});

test('the events list shows the team’s events and a row opens the event viewer', async ({ page }) => {
  const { tag, events } = await payToPlayTeam(page);
  await page.goto(`/events?tag=${tag}`);
  const rows = page.locator('.events-page table.data-table tbody tr');
  await expect(rows).toHaveCount(events.length);
  for (const [i, e] of events.entries()) {
    const cells = await rows.nth(i).locator('td').allInnerTexts();
    expect(cells[0]).toBe(String(e.EventID));
    expect(cells[1]).toBe(e.Title);
    expect(cells[2]).toBe(e.TeamTag);
    expect(cells[5]).toBe(e.Status);
    await expect(rows.nth(i).locator(`.status-badge.${e.Status.toLowerCase()}`)).toBeVisible();
  }
  // Start Time (CT) is the API's CT wall time: "2026-03-02 13:00:00" shows as "Mar 2, 2026 1:00 PM".
  const [date, time] = events[0].StartTime.split(' ');
  const hour = Number(time.slice(0, 2));
  await expect(rows.first().locator('td').nth(3)).toContainText(
    `${Number(date.slice(8, 10))}, ${date.slice(0, 4)} ${hour % 12 || 12}:${time.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`,
  );

  await rows.nth(1).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/eventviewer');
  expect(eventParam(page)).toBe(String(events[1].EventID));
  expect(new URL(page.url()).searchParams.get('tag')).toBe(tag);
  await expect(page.locator('.event-info .card-title')).toContainText(events[1].Title);
});

test('the viewer picks the latest event, keeps the address in sync and remembers the choice', async ({ page }) => {
  const { tag, events } = await payToPlayTeam(page);
  const latest = latestEvent(events);
  await page.goto(`/eventviewer?tag=${tag}`);
  await expect.poll(() => eventParam(page)).toBe(String(latest.EventID));
  const select = page.getByLabel('Event', { exact: true });
  await expect(select).toHaveValue(String(latest.EventID));
  const options = await select.locator('option').allInnerTexts();
  expect(options).toEqual(['Select an event', ...events.map((e) => `${e.Title} (${e.EventID})`)]);

  const other = events.find((e) => e.EventID !== latest.EventID)!;
  await select.selectOption(String(other.EventID));
  await expect.poll(() => eventParam(page)).toBe(String(other.EventID));
  expect(await page.evaluate(() => localStorage.getItem('selectedEventId'))).toBe(String(other.EventID));

  // Without an event in the address, or with one that is not the team's, the stored one wins.
  await page.goto(`/eventviewer?tag=${tag}`);
  await expect.poll(() => eventParam(page)).toBe(String(other.EventID));
  await page.goto(`/eventviewer?tag=${tag}&event=987654`);
  await expect.poll(() => eventParam(page)).toBe(String(other.EventID));
  await expect(page.locator('.event-info .card-title')).toContainText(other.Title);
});

test('without a team the viewer asks for one; a team without events gets the placeholder', async ({
  page,
  baseURL,
}) => {
  await withoutServerDrawing(page, baseURL!);
  await page.goto('/eventviewer');
  await expect(page.getByText('Select a team to view its events.')).toBeVisible();
  // Every demo team has events: a tracked team whose list comes back empty stands in for one without.
  const [tag] = await getJson<string[]>(page, '/api/team-tags');
  await page.route('**/api/team-events?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await page.goto(`/eventviewer?tag=${tag}&event=1`);
  await expect(page.getByText('Choose an event from the dropdown above to view participants.')).toBeVisible();
  await expect.poll(() => eventParam(page)).toBeNull();
  await expect(page.getByLabel('Event', { exact: true })).toBeDisabled();
  await page.goto(`/events?tag=${tag}`);
  await expect(page.getByText('No events found for this team.')).toBeVisible();
});

test('racers, squads and teams match the API; sorting; winnings; both exports match the screen', async ({ page }) => {
  const { tag, cup } = await payToPlayTeam(page);
  const { participants } = await getJson<{ participants: Participant[] }>(
    page,
    `/api/event-participants/${cup.EventID}`,
  );
  const squads = await getJson<SquadSummaryRow[]>(page, `/api/event-squad-summary/${cup.EventID}`);
  const teams = await getJson<TeamSummaryRow[]>(page, `/api/event-team-summary/${cup.EventID}`);
  expect(participants.length).toBeGreaterThan(3);

  const chunkRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(csv|xlsx)-[^/]*\.js$/.test(r.url())) chunkRequests.push(r.url());
  });
  await page.goto(`/eventviewer?tag=${tag}&event=${cup.EventID}`);

  // Racers, sorted by the event's DefaultSort (Points) descending, with a Winnings column.
  expect(cup.DefaultSort).toBe('Points');
  let screen = await screenTable(page);
  expect(screen.headers).toEqual([
    'Display Name',
    'Username',
    'Team',
    'Squad',
    'Races',
    'WPM',
    'Accuracy',
    'Points',
    'Winnings',
  ]);
  const byPoints = [...participants].sort((a, b) => b.Points - a.Points);
  expect(screen.rows.length).toBe(participants.length);
  for (const [i, p] of byPoints.entries()) {
    expect(screen.rows[i]).toEqual([
      p.CurrentDisplayName || p.Username,
      p.Username,
      p.TeamTag,
      p.SquadName || p.Squad || 'Unassigned',
      fmtInt(p.TotalRaces),
      fmtWpm(p.WPM),
      fmtAcc(p.Accuracy),
      fmtInt(p.Points),
      // A flagged racer is paid nothing: the screen says why and what the formula would give.
      p.Withheld != null ? `Not paid: flagged\n${fmtMoney(p.Withheld)} by the formula` : fmtMoney(p.Winnings),
    ]);
  }
  // Winnings follow docs/product.md §9 for every racer (the server computes; check the rule here too).
  for (const p of participants) {
    const beyond = p.TotalRaces - (cup.MinRaces ?? 0);
    if (p.TotalRaces < (cup.QualifyingRaces ?? 0) || beyond <= 0) expect(p.Winnings).toBeNull();
    else {
      let w = Math.floor(beyond / (cup.RaceIncrement || 1)) * cup.PayoutIncrement!;
      const acc = p.Accuracy ?? 0;
      w *= acc >= 0.98 ? (cup.AccBonus98 ?? 1) : acc >= 0.96 ? (cup.AccBonus96 ?? 1) : 1;
      if (p.Withheld != null) {
        expect(p.Winnings).toBeNull();
        expect(p.Withheld).toBeCloseTo(Math.min(w, cup.Cap ?? Infinity), 2);
      } else expect(p.Winnings).toBeCloseTo(Math.min(w, cup.Cap ?? Infinity), 2);
    }
  }
  const first = table(page).locator('tbody tr').first();
  await expect(first.locator('a.external-link')).toHaveAttribute('target', '_blank');
  await expect(first.locator('a.external-link')).toHaveAttribute(
    'href',
    `https://www.nitrotype.com/racer/${encodeURIComponent(byPoints[0].Username)}`,
  );
  const usernameHref = await first.locator('td').nth(1).locator('a').getAttribute('href');
  const u = new URL(usernameHref!, 'http://x');
  expect([u.pathname, u.searchParams.get('username'), u.searchParams.get('subtab'), u.searchParams.get('tag')]).toEqual(
    ['/racers', byPoints[0].Username, 'batch', tag],
  );

  // A header click sorts descending, a second click toggles.
  const racesHeader = table(page).getByRole('button', { name: /^Races/ });
  await racesHeader.click();
  const byRacesDesc = [...participants].sort((a, b) => b.TotalRaces - a.TotalRaces);
  screen = await screenTable(page);
  expect(screen.rows.map((r) => r[4])).toEqual(byRacesDesc.map((p) => fmtInt(p.TotalRaces)));
  await racesHeader.click();
  screen = await screenTable(page);
  expect(screen.rows.map((r) => r[4])).toEqual([...byRacesDesc].reverse().map((p) => fmtInt(p.TotalRaces)));
  await expect(table(page).locator('th[aria-sort="ascending"]')).toHaveText(/Races/);

  // Nothing of the export writers is loaded until someone exports.
  expect(chunkRequests).toEqual([]);

  // CSV of the Racers table as on screen (ascending by races), read back with papaparse.
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe(`event_${cup.EventID}_participants.csv`);
  const csv = Papa.parse<string[]>(await fs.readFile((await csvDownload.path())!, 'utf8'), { skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  expect(csv.data[0]).toEqual([
    'Display Name',
    'Username',
    'Team',
    'Squad',
    'Races',
    'WPM',
    'Accuracy (%)',
    'Points',
    'Winnings',
    'Bot',
  ]);
  expect(csv.data.length - 1).toBe(screen.rows.length);
  // Every export that lists racers says which are flagged as bots.
  const botOf = new Map(participants.map((p) => [p.Username, p.bot ? 'Yes' : 'No']));
  csv.data.slice(1).forEach((r) => expect(r[9], r[1]).toBe(botOf.get(r[1])));
  // A flagged racer's cell says why nothing is paid; the files hold no amount for them.
  const withheldOf = new Map(participants.map((p) => [p.Username, p.Withheld]));
  const winningsCell = (r: Array<string | number | null>) => {
    const withheld = withheldOf.get(String(r[1]));
    if (withheld != null) return `Not paid: flagged\n$${fmtInt(withheld)} by the formula`;
    return r[8] === '' || r[8] === null ? '' : `$${fmtInt(Number(r[8]))}`;
  };
  const asScreen = (r: Array<string | number | null>) => [
    String(r[0]),
    String(r[1]),
    String(r[2]),
    String(r[3]),
    fmtInt(Number(r[4])),
    r[5] === '' || r[5] === null ? '-' : shownWpm(Number(r[5])),
    r[6] === '' || r[6] === null ? '-' : shownPercent(Number(r[6])),
    fmtInt(Number(r[7])),
    winningsCell(r),
  ];
  csv.data.slice(1).forEach((r, i) => expect(asScreen(r), `CSV row ${i + 1}`).toEqual(screen.rows[i]));
  expect(chunkRequests.some((u) => /\/csv-/.test(u))).toBe(true);

  // Excel of the same table, read back with read-excel-file: numbers are number cells.
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toBe(`event_${cup.EventID}_participants.xlsx`);
  const sheets = await readExcelFile(await fs.readFile((await xlsxDownload.path())!));
  expect(sheets).toHaveLength(1);
  expect(sheets[0].sheet).toBe(`Participants ${cup.EventID}`);
  const [xHeader, ...xRows] = sheets[0].data;
  expect(xHeader).toEqual(csv.data[0]);
  expect(xRows.length).toBe(screen.rows.length);
  xRows.forEach((r, i) => {
    expect(typeof r[4], 'Races is a number').toBe('number');
    expect(typeof r[7], 'Points is a number').toBe('number');
    expect(asScreen(r as Array<string | number | null>), `Excel row ${i + 1}`).toEqual(screen.rows[i]);
  });

  // Squads tab: one row per squad of each team, numbers as the API gives them.
  await page.getByRole('tab', { name: 'Squads' }).click();
  screen = await screenTable(page);
  expect(screen.headers).toEqual(['Team', 'Squad', 'Squad Name', 'Races', 'WPM', 'Accuracy', 'Points']);
  const squadsByPoints = [...squads].sort((a, b) => b.Points - a.Points);
  expect(screen.rows).toEqual(
    squadsByPoints.map((s) => [
      s.Tag,
      s.Squad || 'Unassigned',
      s.SquadName ?? '',
      fmtInt(s.sum),
      fmtWpm(s.WPM),
      fmtAcc(s.Accuracy),
      fmtInt(s.Points),
    ]),
  );
  const [squadCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(squadCsv.suggestedFilename()).toBe(`event_${cup.EventID}_squads.csv`);
  const squadRows = Papa.parse<string[]>(await fs.readFile((await squadCsv.path())!, 'utf8'), {
    skipEmptyLines: true,
  }).data;
  expect(squadRows.slice(1).map((r) => [r[0], r[1], r[2], fmtInt(Number(r[3]))])).toEqual(
    screen.rows.map((r) => r.slice(0, 4)),
  );

  // Teams tab: every team of the event; the races of all three tables agree.
  await page.getByRole('tab', { name: 'Teams' }).click();
  screen = await screenTable(page);
  expect(screen.headers).toEqual(['Team', 'Races', 'WPM', 'Accuracy', 'Points']);
  const teamsByPoints = [...teams].sort((a, b) => b.Points - a.Points);
  expect(screen.rows).toEqual(
    teamsByPoints.map((t) => [t.Tag, fmtInt(t.Races), fmtWpm(t.WPM), fmtAcc(t.Accuracy), fmtInt(t.Points)]),
  );
  expect(teams.map((t) => t.Tag).sort()).toEqual(cup.TeamTag.split(' ').sort());
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  expect(sum(teams.map((t) => t.Races))).toBe(sum(participants.map((p) => p.TotalRaces)));
  expect(sum(squads.map((s) => s.sum))).toBe(sum(participants.map((p) => p.TotalRaces)));
  const [teamXlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Excel' }).click(),
  ]);
  expect(teamXlsx.suggestedFilename()).toBe(`event_${cup.EventID}_teams.xlsx`);
});

test('an event that pays nothing has no Winnings column and opens on its DefaultSort', async ({ page }) => {
  const { tag, events } = await payToPlayTeam(page);
  const plain = events.find((e) => !e.PayoutIncrement)!;
  const { participants } = await getJson<{ participants: Participant[] }>(
    page,
    `/api/event-participants/${plain.EventID}`,
  );
  await page.goto(`/eventviewer?tag=${tag}&event=${plain.EventID}`);
  await expect(page.locator('.event-info .card-title')).toContainText(plain.Title);
  if (participants.length === 0) {
    await expect(page.getByText('No participants found for this event.')).toBeVisible();
    return;
  }
  const screen = await screenTable(page);
  expect(screen.headers).not.toContain('Winnings');
  const key = { Races: 4, WPM: 5, Accuracy: 6, Points: 7 }[plain.DefaultSort];
  await expect(table(page).locator('th[aria-sort="descending"]')).toHaveText(
    new RegExp(plain.DefaultSort === 'Races' ? 'Races' : plain.DefaultSort),
  );
  const values = screen.rows.map((r) => Number(r[key].replace(/[,%]/g, '')));
  expect(values).toEqual([...values].sort((a, b) => b - a));
});
