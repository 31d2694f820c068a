/**
 * Every screen of the app as a browser test reaches it: an address, the clicks that open a tab kept
 * in component state, and what shows once the screen has its data. Shared by the accessibility
 * checks and the phone layout checks.
 */
import { expect, type Page } from '@playwright/test';
import { appReady, getJson, tapUntil } from './support';

export interface Screen {
  name: string;
  /** Only for a visitor or only for a logged-in admin; both when absent. */
  who?: 'visitor' | 'admin';
  /** A public screen that shows staff controls (or the staff menu) to a logged-in admin. */
  staffControls?: true;
  open: (page: Page) => Promise<void>;
}

export interface DemoData {
  tag: string;
  eventId: number;
  username: string;
}

/** A tag, one of its events and one of its racers from the demo community. */
export async function demoData(page: Page): Promise<DemoData> {
  const tags = await getJson<string[]>(page, '/api/team-tags');
  const tag = tags[0];
  const events = await getJson<Array<{ EventID: number }>>(page, `/api/team-events?tag=${tag}`);
  const members = await getJson<Array<{ Username: string }>>(page, `/api/current-display-names?tag=${tag}`);
  expect(events.length).toBeGreaterThan(0);
  return { tag, eventId: events[0].EventID, username: members[0].Username };
}

async function rows(page: Page) {
  await expect(page.locator('.data-table tbody tr:not(.empty-row)').first()).toBeVisible();
}

/** The team's pay-to-play event (the demo's cup): the one with a Payouts tab. */
async function payToPlayEventId(page: Page, tag: string): Promise<number> {
  const events = await getJson<Array<{ EventID: number; PayoutIncrement: number | null }>>(
    page,
    `/api/team-events?tag=${tag}`,
  );
  const cup = events.find((e) => e.PayoutIncrement);
  expect(cup, 'a pay-to-play event').toBeDefined();
  return cup!.EventID;
}

/** Taps a tab once the app has hydrated the drawn page (or rendered it, for staff), until it is chosen. */
async function tab(page: Page, name: string) {
  await appReady(page);
  const chosen = page.getByRole('tab', { name, exact: true, selected: true });
  await tapUntil(page.getByRole('tab', { name, exact: true, selected: false }), chosen);
}

export function screens(d: DemoData): Screen[] {
  return [
    {
      name: 'team leaderboard',
      open: async (p) => {
        await p.goto('/leaderboards?view=teams');
        await rows(p);
      },
    },
    {
      name: 'individual leaderboard',
      open: async (p) => {
        await p.goto('/leaderboards?view=individuals');
        await rows(p);
      },
    },
    {
      name: 'individual leaderboard with the You card and Following',
      open: async (p) => {
        await p.goto('/about');
        await p.evaluate((username) => {
          localStorage.setItem('myRacer', JSON.stringify({ username, displayName: username, teamTag: null }));
          localStorage.setItem('followedRacers', JSON.stringify([username]));
        }, d.username);
        await p.goto('/leaderboards?view=individuals&period=7day&list=following');
        await rows(p);
        // The rank shows at every size (the neighbours list only on a wide screen).
        await expect(p.locator('.you-card .you-rank .rank-badge')).toBeVisible();
      },
    },
    {
      name: 'roster',
      staffControls: true,
      open: async (p) => {
        await p.goto(`/roster?tag=${d.tag}`);
        await rows(p);
        await expect(p.locator('.team-info')).toBeVisible();
      },
    },
    {
      name: 'events',
      open: async (p) => {
        await p.goto(`/events?tag=${d.tag}`);
        await rows(p);
      },
    },
    {
      name: 'event viewer racers',
      open: async (p) => {
        await p.goto(`/eventviewer?tag=${d.tag}&event=${d.eventId}`);
        await rows(p);
      },
    },
    {
      name: 'event viewer squads',
      open: async (p) => {
        await p.goto(`/eventviewer?tag=${d.tag}&event=${d.eventId}`);
        await rows(p);
        await tab(p, 'Squads');
        await rows(p);
      },
    },
    {
      name: 'event viewer teams',
      open: async (p) => {
        await p.goto(`/eventviewer?tag=${d.tag}&event=${d.eventId}`);
        await rows(p);
        await tab(p, 'Teams');
        await rows(p);
      },
    },
    {
      name: 'event viewer payouts',
      staffControls: true,
      open: async (p) => {
        await p.goto(`/eventviewer?tag=${d.tag}&event=${await payToPlayEventId(p, d.tag)}`);
        await rows(p);
        await tab(p, 'Payouts');
        await expect(p.locator('.payouts tbody tr').first()).toBeVisible();
      },
    },
    {
      name: 'activity',
      open: async (p) => {
        await p.goto(`/activity?tag=${d.tag}`);
        await expect(p.locator('.activity-card canvas')).toHaveCount(3);
      },
    },
    {
      name: 'trackers daily',
      open: async (p) => {
        await p.goto(`/trackers/${d.tag}`);
        await rows(p);
      },
    },
    {
      name: 'trackers weekly',
      open: async (p) => {
        await p.goto(`/trackers/${d.tag}`);
        await rows(p);
        await tab(p, 'Weekly');
        await rows(p);
      },
    },
    {
      name: 'health',
      open: async (p) => {
        await p.goto(`/health?tag=${d.tag}`);
        await expect(p.locator('.health-card tbody tr').first()).toBeVisible();
        await expect(p.locator('.membership-log-card tbody tr').first()).toBeVisible();
      },
    },
    {
      name: 'free agents',
      open: async (p) => {
        await p.goto(`/free-agents?tag=${d.tag}`);
        await expect(p.locator('.free-agents-card tbody tr').first()).toBeVisible();
      },
    },
    {
      name: 'hall of fame',
      open: async (p) => {
        await p.goto('/halloffame');
        await rows(p);
        await expect(p.locator('.hof-records .stat-card').first()).toBeVisible();
      },
    },
    {
      name: 'hall of fame weeks',
      open: async (p) => {
        await p.goto('/halloffame?period=week');
        await rows(p);
      },
    },
    {
      name: 'racer batches',
      staffControls: true,
      open: async (p) => {
        await p.goto(`/racers/${d.username}/batch?tag=${d.tag}`);
        await rows(p);
      },
    },
    {
      name: 'racer daily',
      open: async (p) => {
        await p.goto(`/racers/${d.username}/daily`);
        await expect(p.locator('canvas').first()).toBeVisible();
      },
    },
    {
      name: 'racer weekly',
      open: async (p) => {
        await p.goto(`/racers/${d.username}/weekly`);
        await expect(p.locator('canvas').first()).toBeVisible();
      },
    },
    {
      name: 'racer bests',
      open: async (p) => {
        await p.goto(`/racers/${d.username}/bests`);
        await rows(p);
        await expect(p.getByTestId('lifetime-summary')).toBeVisible();
        await expect(p.getByRole('heading', { name: 'Hall of Fame awards' })).toBeVisible();
      },
    },
    {
      name: 'racer compare',
      open: async (p) => {
        await p.goto(`/racers/compare?a=${d.username}&b=${d.username}`);
        await rows(p);
        await expect(p.getByTestId('compare-chart').locator('canvas')).toBeVisible();
      },
    },
    {
      name: 'racers picker',
      open: async (p) => {
        await p.goto('/racers');
        await expect(p.getByPlaceholder('Type to filter usernames...')).toBeVisible();
      },
    },
    {
      name: 'about',
      staffControls: true,
      open: async (p) => {
        await p.goto('/about');
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      },
    },
    {
      name: 'notifications',
      staffControls: true,
      open: async (p) => {
        await p.goto('/notifications');
        await expect(p.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
        await expect(p.getByText(/for this device\.|cannot receive notifications/)).toBeVisible();
      },
    },
    {
      name: 'team admin (visitor)',
      who: 'visitor',
      open: async (p) => {
        await p.goto(`/teams/admin?tag=${d.tag}`);
        await expect(p.getByText(/Login now required/)).toBeVisible();
      },
    },
    {
      name: 'login dialog',
      who: 'visitor',
      open: async (p) => {
        await p.goto('/about');
        await p.getByRole('button', { name: 'Login' }).click();
        await expect(p.getByRole('dialog', { name: 'Admin Login' })).toBeVisible();
      },
    },
    {
      name: 'user management (visitor)',
      who: 'visitor',
      open: async (p) => {
        await p.goto('/admin');
        await expect(p.getByText('Admin access required')).toBeVisible();
      },
    },
    {
      name: 'admin events',
      who: 'admin',
      open: async (p) => {
        await p.goto(`/teams/admin?tag=${d.tag}`);
        await rows(p);
      },
    },
    {
      name: 'add event dialog',
      who: 'admin',
      open: async (p) => {
        await p.goto(`/teams/admin?tag=${d.tag}`);
        await rows(p);
        await p.getByRole('button', { name: 'Add Event' }).click();
        await expect(p.getByRole('dialog', { name: 'Add Event' })).toBeVisible();
      },
    },
    {
      name: 'pay-to-play dialog',
      who: 'admin',
      open: async (p) => {
        await p.goto(`/teams/admin?tag=${d.tag}`);
        await rows(p);
        await p
          .getByRole('button', { name: /^Pay-to-play settings for/ })
          .first()
          .click();
        await expect(p.getByRole('dialog', { name: 'Pay-to-Play Settings' })).toBeVisible();
      },
    },
    {
      name: 'squads',
      who: 'admin',
      open: async (p) => {
        await p.goto(`/teams/admin?tag=${d.tag}`);
        await tab(p, 'Squads');
        await expect(p.getByTestId('squad-box-Unassigned')).toBeVisible();
      },
    },
    {
      name: 'discord',
      who: 'admin',
      open: async (p) => {
        await p.goto(`/teams/admin?tag=${d.tag}`);
        await tab(p, 'Discord');
        await expect(p.getByLabel(/webhook URL/i)).toBeVisible();
      },
    },
    {
      name: 'users',
      who: 'admin',
      open: async (p) => {
        await p.goto('/admin');
        await rows(p);
      },
    },
    {
      name: 'tracked teams',
      who: 'admin',
      open: async (p) => {
        await p.goto('/admin');
        await tab(p, 'Tracked Teams');
        await rows(p);
      },
    },
    {
      name: 'bot flags',
      who: 'admin',
      open: async (p) => {
        await p.goto('/admin');
        await tab(p, 'Bot Flags');
        await expect(p.getByText(/flagged|Flag/).first()).toBeVisible();
      },
    },
    {
      name: 'audit log',
      who: 'admin',
      open: async (p) => {
        await p.goto('/admin');
        await tab(p, 'Audit Log');
        await expect(p.locator('.data-table')).toBeVisible();
      },
    },
  ];
}
