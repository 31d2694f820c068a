/**
 * What several browser specs share: the staff accounts serve.ts creates, logging in, API reads, and
 * the hashes of the queries the app has persisted to IndexedDB.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export interface StaffAccount {
  username: string;
  password: string;
}

export const ADMIN: StaffAccount = { username: 'admin', password: 'admin-password-123' };
/** Teamadmin of the first demo team. */
export const CAPTAIN: StaffAccount = { username: 'captain', password: 'captain-password-123' };

/** Logs in through the Admin Login dialog and waits for the account name in the top bar. */
export async function logIn(page: Page, who: StaffAccount) {
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin Login' });
  await dialog.getByLabel('Username').fill(who.username);
  await dialog.getByLabel('Password').fill(who.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.account-name')).toHaveText(who.username);
}

/**
 * Pages the server does not draw, as for a browser with a session cookie (server/http/page-drawing.ts):
 * the app fetches its own answers, so a spec can hold, fail or empty them (`page.route`) and see the
 * screen's loading, error and empty states.
 */
export async function withoutServerDrawing(page: Page, baseURL: string): Promise<void> {
  await page.context().addCookies([{ name: 'sid', value: 'no-such-session', url: baseURL }]);
}

/**
 * Resolves once the app has hydrated or rendered the page (`<html data-app="ready">`, src/main.tsx):
 * a tap on a drawn page before then does nothing, and the app's own reads of storage come then.
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, { timeout: 30_000 });
}

/**
 * Taps `target` until `done` shows, tapping only while `target` is still there (a toggle is never
 * tapped twice). `appReady` can come while part of a drawn page still waits for its route's code
 * to hydrate, and a tap there is lost (the early-tap specs test that on purpose); a spec about
 * something else taps with this.
 */
export async function tapUntil(target: Locator, done: Locator): Promise<void> {
  await expect(async () => {
    if (await target.isVisible()) await target.click({ timeout: 2_000 });
    await expect(done).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** GETs an API path with the page's cookies and expects a 2xx JSON answer. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/** The first tracked team tag. */
export async function firstTag(page: Page): Promise<string> {
  const tags = await getJson<string[]>(page, '/api/team-tags');
  expect(tags.length).toBeGreaterThan(0);
  return tags[0];
}

/** The query hashes (`["team-tags"]`, …) in the app's persisted cache in IndexedDB, none when empty. */
export function persistedQueries(page: Page): Promise<string[]> {
  return page.evaluate(
    (key) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve([]);
          const get = db.transaction('keyval').objectStore('keyval').get(key);
          get.onsuccess = () => {
            if (typeof get.result !== 'string') return resolve([]);
            const saved = JSON.parse(get.result) as { clientState: { queries: { queryHash: string }[] } };
            resolve(saved.clientState.queries.map((q) => q.queryHash));
          };
          get.onerror = () => resolve([]);
        };
      }),
    'nt-team-stats:query-cache',
  );
}

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/**
 * A WPM as a screen shows it: one decimal, half up from the number as written (89.85 → "89.9";
 * `toFixed` would read the binary 89.8499… and show "89.8").
 */
export const shownWpm = (n: number | null) => (n === null ? '-' : oneDecimal.format(n));
/** A percentage as a screen shows it: 94.765 → "94.77%". */
export const shownPercent = (p: number) => `${twoDecimals.format(p)}%`;
/** An accuracy fraction as a screen shows it: 0.94765 → "94.77%". */
export const shownAccuracy = (n: number | null) => (n === null ? '-' : shownPercent(n * 100));
