/**
 * Times, in Chromium throttled like a mid-range phone on slow 4G (150 ms round trip, 1.6 Mbps
 * down, 750 kbps up, CPU 4× slower, 390 × 844), how long a page takes from navigation to the
 * leaderboard's first rows on screen: the first frame after a board row is in the document, read
 * in the page against its navigation start as that frame starts. A warm visit's rows come in the page the service worker kept
 * (sw/saved-pages.ts), as a cold visit's come in the server's HTML.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';

export const VIEWPORT = { width: 390, height: 844 };
/** A phone's user agent: the server draws a first visit's board in the phone layout for it (server/http/page-drawing.ts). */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7a) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
export const ROW_SELECTOR = 'table.data-table tbody tr:not(.empty-row)';

export interface FirstRows {
  /** Navigation start to the first frame with a row. */
  ms: number;
  /** Bytes over the network until then (HTML, scripts, styles, data). */
  bytes: number;
}

/**
 * Runs in the page before its own scripts: resolves `window.__firstRows` at the first frame with a
 * row. Plain JavaScript text, so the bundler's helpers never reach the page.
 *
 * Rows in the HTML are seen when the parser has them (the mutation observer, or the document turning
 * interactive: a script that runs at once after parsing holds the observer's callback back). The
 * time is the start of the next frame (its animation frame callback), whose style, layout and
 * paint follow at once: a message posted from there would wait for the app's script, which often
 * starts right after that paint on a page the service worker answers.
 */
const WATCH_FOR_ROWS = `
window.__firstRows = new Promise((resolve) => {
  const bytes = () => {
    const nav = performance.getEntriesByType('navigation')[0];
    return performance.getEntriesByType('resource').reduce((sum, r) => sum + r.transferSize, nav ? nav.transferSize : 0);
  };
  const nextFrame = () => new Promise((done) => requestAnimationFrame(() => done(performance.now())));
  let rowsAt = null;
  const seen = () => {
    if (rowsAt !== null || document.querySelector(${JSON.stringify(ROW_SELECTOR)}) === null) return;
    rowsAt = performance.now();
    observer.disconnect();
    const sent = bytes();
    nextFrame().then((ms) => resolve({ ms, bytes: sent }));
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener('readystatechange', seen);
});
`;

export async function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    userAgent: PHONE_USER_AGENT,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript({ content: WATCH_FOR_ROWS });
  return context;
}

export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Waits out a new tab's own start. Headless Chromium opens its omnibox popup as a page of its own
 * with each new tab, about 400 scripts in another renderer; on a 2-core machine that takes a core
 * for about a second, and it landed on the timed visit in one run of four. A phone's browser is
 * already running when someone opens the app.
 */
export function settle(page: Page): Promise<void> {
  return page.waitForTimeout(2000);
}

/** Opens `url` in a new throttled page of `context` and returns when its first rows showed. */
export async function timeFirstRows(context: BrowserContext, url: string): Promise<FirstRows> {
  const page = await context.newPage();
  try {
    await settle(page);
    await throttle(context, page);
    await page.goto(url, { waitUntil: 'commit' });
    return await page.evaluate(() => (window as unknown as { __firstRows: Promise<FirstRows> }).__firstRows);
  } finally {
    await page.close();
  }
}

/**
 * Resolves once `check` (run in the page, awaited there) answers true; every 250 ms, for 30 s at most.
 * `waitForFunction` would take the check's promise itself for a true answer.
 */
export async function until(
  page: Page,
  check: (arg: string | undefined) => Promise<boolean>,
  arg?: string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate(check, arg))) {
    if (Date.now() > deadline) throw new Error('timed out waiting in the page');
    await page.waitForTimeout(250);
  }
}
