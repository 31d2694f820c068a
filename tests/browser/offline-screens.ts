/**
 * The data screens of the offline specs: where each lives, what shows once it has its data, what
 * it saves, and the check that a screen opened offline shows its saved data and nothing failing.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { firstTag, getJson, persistedQueries } from './support';

export interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has its data. */
  ready: (page: Page) => Locator;
  /** How the queries it saves begin: a key's first part, or a longer start of its hash (src/api/keys.ts). */
  saves: string[];
  /** What the device must hold before the visit (storage kept for the offline opens). */
  prepare?: (page: Page) => Promise<void>;
}

/** Follows the 7-day board's leader on this device, so the Following list has a row. */
async function followTheLeader(page: Page) {
  await page.goto('/leaderboards?view=individuals&period=7day');
  const heading = page.locator('.lb-heading');
  await expect(heading).toHaveAttribute('data-start-time', /\d/);
  const qs = new URLSearchParams({
    start_time: (await heading.getAttribute('data-start-time'))!,
    end_time: (await heading.getAttribute('data-end-time'))!,
    page: '1',
  });
  const first = await getJson<{ rows: { Username: string }[] }>(page, `/api/individual-leaderboard?${qs}`);
  await page.evaluate((u) => localStorage.setItem('followedRacers', JSON.stringify([u])), first.rows[0].Username);
}

const rows = (page: Page, scope: string) => page.locator(`${scope} table tbody tr`).first();

/** The comparison's fixed address: the two weeks up to today (UTC), covering the demo's history. */
const COMPARE_TO = new Date().toISOString().slice(0, 10);
const COMPARE_FROM = new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10);

export function screensFor(tag: string, racer: string, eventId: number): Screen[] {
  return [
    {
      name: 'leaderboard 24 hour',
      path: '/leaderboards?view=teams&period=24hour',
      ready: (p) => rows(p, '.lb-card'),
      saves: ['leaderboards","team",{"previous":false,"rolling":"24hour"'],
    },
    {
      name: 'leaderboard 7 day',
      path: '/leaderboards?view=individuals&period=7day',
      ready: (p) => rows(p, '.lb-card'),
      saves: ['leaderboards","individual",{"dir":"desc","page":1,"previous":false,"rolling":"7day"'],
    },
    {
      name: 'leaderboard 7 day, page 2 by WPM',
      path: '/leaderboards?view=individuals&period=7day&sort=WPM&page=2',
      ready: (p) => rows(p, '.lb-card'),
      saves: [
        'leaderboards","individual",{"dir":"desc","page":2,"previous":false,"rolling":"7day","showbot":"FALSE","sort":"WPM"',
      ],
    },
    {
      name: 'leaderboard following',
      path: '/leaderboards?view=individuals&period=7day&list=following',
      ready: (p) => rows(p, '.lb-card'),
      prepare: followTheLeader,
      saves: ['leaderboards","standing",{"previous":false,"radius":0'],
    },
    {
      name: 'leaderboard of a day',
      path: '/leaderboards?view=teams&period=daily',
      ready: (p) => rows(p, '.lb-card'),
      saves: ['leaderboards","team",{"end_time"'],
    },
    {
      name: 'roster',
      path: `/roster?tag=${tag}`,
      ready: (p) => rows(p, '.roster-card'),
      saves: [`teams","${tag}","roster`, `teams","${tag}","info`, 'team-tags'],
    },
    {
      name: 'events',
      path: `/events?tag=${tag}`,
      ready: (p) => rows(p, '.events-page'),
      saves: [`teams","${tag}","events`],
    },
    {
      name: 'event viewer',
      path: `/eventviewer?tag=${tag}&event=${eventId}`,
      ready: (p) => rows(p, '.event-results'),
      saves: [`events",${eventId},"participants`],
    },
    {
      name: 'activity',
      path: `/activity?tag=${tag}`,
      ready: (p) => p.locator('.stat-card').first(),
      saves: [
        `teams","${tag}","stats`,
        `teams","${tag}","races","hourly`,
        `teams","${tag}","races","daily`,
        `teams","${tag}","races","weekly`,
      ],
    },
    {
      name: 'trackers',
      path: `/trackers/${tag}`,
      ready: (p) => p.locator('.trackers-card table tbody tr, .trackers-card .state-empty').first(),
      saves: [`teams","${tag}","participants","daily`],
    },
    {
      name: 'health',
      path: `/health?tag=${tag}`,
      ready: (p) => rows(p, '.membership-log-card'),
      saves: [`teams","${tag}","health`, `teams","${tag}","membership-log`, `teams","${tag}","strikes`],
    },
    {
      name: 'free agents',
      path: `/free-agents?tag=${tag}`,
      ready: (p) => p.locator('.free-agents-card table tbody tr').first(),
      saves: ['free-agents'],
    },
    {
      name: 'hall of fame',
      path: '/halloffame',
      ready: (p) => rows(p, '.hof-winners'),
      saves: ['hall-of-fame","day",1'],
    },
    {
      name: 'racer batches',
      path: `/racers/${racer}/batch`,
      ready: (p) => p.getByTestId('batch-count'),
      saves: [`racers","${racer}","info`, `racers","${racer}","batches`],
    },
    {
      name: 'racer daily',
      path: `/racers/${racer}/daily`,
      ready: (p) => p.getByTestId('period-chart'),
      saves: [`racers","${racer}","info`, `racers","${racer}","batches`],
    },
    {
      name: 'racer weekly',
      path: `/racers/${racer}/weekly`,
      ready: (p) => p.getByTestId('period-chart'),
      saves: [`racers","${racer}","info`, `racers","${racer}","batches`],
    },
    {
      name: 'racer bests',
      path: `/racers/${racer}/bests`,
      ready: (p) => p.getByTestId('lifetime-summary'),
      saves: [`racers","${racer}","info`, `racers","${racer}","bests`, `racers","${racer}","awards`],
    },
    {
      name: 'racer compare',
      path: `/racers/compare?a=${racer}&b=${racer}&from=${COMPARE_FROM}&to=${COMPARE_TO}`,
      ready: (p) => rows(p, '.compare-page .racer-panel'),
      saves: ['compare'],
    },
    { name: 'about', path: '/about', ready: (p) => p.getByRole('heading', { level: 1 }), saves: ['site'] },
  ];
}

/** Visits a screen online and waits until its data is in IndexedDB (written at most once a second). */
export async function visitAndSave(page: Page, screen: Screen) {
  await screen.prepare?.(page);
  await page.goto(screen.path);
  await expect(screen.ready(page), screen.name).toBeVisible();
  for (const root of screen.saves) {
    const prefix = root.includes('"') ? `["${root}` : `["${root}"`;
    await expect
      .poll(async () => (await persistedQueries(page)).some((h) => h.startsWith(prefix)), {
        message: `${screen.name}: ${root}`,
      })
      .toBe(true);
  }
}

/** The first tracked team, one of its racers and its latest event, and the screens showing them. */
export async function demoScreens(page: Page): Promise<Screen[]> {
  const tag = await firstTag(page);
  const members = await getJson<{ Username: string }[]>(page, `/api/current-display-names?tag=${tag}`);
  const events = await getJson<{ EventID: number }[]>(page, `/api/team-events?tag=${tag}`);
  expect(members.length).toBeGreaterThan(0);
  expect(events.length).toBeGreaterThan(0);
  return screensFor(tag, members[0].Username, events[0].EventID);
}

/**
 * The screen shows its data, the offline state, and neither a failure nor a spinner. The banner
 * leads with `lead`: "You're offline", or "The server is not answering" when the network works.
 * Where the network works, a refresh that failed must not turn into an error later: the check
 * waits out the first retry. Offline there is nothing to wait for, as no query may fetch then
 * (they wait for the connection): `apiCalls` counts what the page asked /api meanwhile, and the
 * check expects none but the live stream's.
 */
export async function expectSavedScreen(
  page: Page,
  screen: Screen,
  lead = "You're offline",
  apiCalls?: () => string[],
) {
  await expect(screen.ready(page), screen.name).toBeVisible();
  await expect(page.locator('.banner-offline'), screen.name).toContainText(`${lead} — showing data from`);
  // A section's own note speaks only of data from another time than the banner names.
  const banner = await page.locator('.banner-offline').innerText();
  for (const note of await page.locator('.offline-note').allInnerTexts()) {
    const time = /data from (.+?) \(/.exec(note)?.[1];
    expect(time, `${screen.name}: ${note}`).toBeTruthy();
    expect(banner, `${screen.name}: "${note}" repeats the banner`).not.toContain(time);
  }
  if (apiCalls) expect(apiCalls(), `${screen.name}: asked offline`).toEqual([]);
  // Longer than the first retry's wait (1 s).
  else await page.waitForTimeout(1_500);
  await expect(page.locator('.state-error, [role="alert"]:not(.update-toast)'), screen.name).toHaveCount(0);
  await expect(page.locator('.state-loading, .state-offline'), screen.name).toHaveCount(0);
  await expect(page.getByText(/Failed to fetch|Failed to load/), screen.name).toHaveCount(0);
  await expect(screen.ready(page), screen.name).toBeVisible();
}

/** The /api calls `page` starts from now on (the live stream's aside), for expectSavedScreen offline. */
export function apiCallsOf(page: Page): { calls: () => string[]; reset: () => void } {
  let calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && pathname !== '/api/live') calls.push(pathname);
  });
  return { calls: () => calls, reset: () => (calls = []) };
}
