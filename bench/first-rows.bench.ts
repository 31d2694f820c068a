/**
 * First rows on a phone: the time from navigation to the leaderboard's first rows on screen in
 * Chromium throttled like a mid-range phone on slow 4G, cold (no service worker, nothing saved) and
 * warm (service worker, the saved query cache and the page it kept), against a
 * production build served by the real server, with the same board as static HTML as the anchor:
 * sent by the server for cold visits, and kept by the service worker in the page's place for warm
 * ones (what a warm visit would take if the page had no scripts at all).
 * Targets: cold ≤ 1.5 s, warm ≤ 0.4 s.
 */
import { chromium, type Browser } from '@playwright/test';
import { withFirstPaintAtContent } from '../contract/saved-pages.js';
import { startAppServer } from './first-rows/app-server.js';
import { newPhoneContext, ROW_SELECTOR, timeFirstRows, until, type FirstRows } from './first-rows/page-timing.js';
import { STATIC_PAGE, writeStaticAnchor } from './first-rows/static-anchor.js';

const RUNS = 7;
const COLD_TARGET_MS = 1500;
const WARM_TARGET_MS = 400;

type Kind = 'cold' | 'warm' | 'static' | 'staticKept';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** A fresh profile each time: no HTTP cache, no service worker, no IndexedDB. */
async function cold(browser: Browser, url: string): Promise<FirstRows> {
  const context = await newPhoneContext(browser);
  try {
    return await timeFirstRows(context, url);
  } finally {
    await context.close();
  }
}

/**
 * One visit first (unthrottled) installs the service worker and saves the queries; the second is
 * timed. With `keptInstead`, that document is kept in the page's place (as the worker stores a page).
 */
async function warm(browser: Browser, url: string, keptInstead?: string): Promise<FirstRows> {
  const context = await newPhoneContext(browser);
  try {
    const first = await context.newPage();
    await first.goto(url);
    await first.locator(ROW_SELECTOR).first().waitFor();
    await first.evaluate(() => navigator.serviceWorker.ready);
    // The query cache is written to IndexedDB a moment after it changes.
    await until(
      first,
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('keyval-store');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('keyval')) return resolve(false);
            const get = db.transaction('keyval').objectStore('keyval').get('nt-team-stats:query-cache');
            get.onsuccess = () => resolve(typeof get.result === 'string' && get.result.includes('leaderboard'));
            get.onerror = () => resolve(false);
          };
        }),
      undefined,
    );
    // And the server's drawing of the page, kept by the service worker (sw/saved-pages.ts).
    await until(
      first,
      (address) => caches.match(address ?? '', { cacheName: 'nt-pages' }).then((r) => r !== undefined),
      url,
    );
    if (keptInstead !== undefined) {
      await first.evaluate(
        async ([address, html]) => {
          const cache = await caches.open('nt-pages');
          const kept = await cache.match(address);
          if (!kept) throw new Error('no kept page');
          await cache.put(address, new Response(html, { status: 200, headers: kept.headers }));
        },
        [url, withFirstPaintAtContent(keptInstead)] as const,
      );
    }
    await first.close();
    return await timeFirstRows(context, url);
  } finally {
    await context.close();
  }
}

/** Which board a first-rows section times, and what it is held to. */
export interface FirstRowsBoard {
  /** The section's title. */
  title: string;
  /** The board's address. */
  path: string;
  /** What the board is, for the section's text. */
  described: string;
  /** Cold: at most this many ms, or at most this many times the static anchor (`coldRatio`). */
  coldTarget: { ms: number } | { ratio: number };
}

const TEAM_BOARD: FirstRowsBoard = {
  title: '## First rows on a phone',
  path: '/leaderboards',
  described: '`/leaderboards`, team board, 24 hours',
  coldTarget: { ms: COLD_TARGET_MS },
};

export default function firstRowsBench(log: (line: string) => void): Promise<string> {
  return measureFirstRows(log, TEAM_BOARD);
}

export async function measureFirstRows(log: (line: string) => void, board: FirstRowsBoard): Promise<string> {
  const server = await startAppServer(log, [STATIC_PAGE]);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--headless'],
  });
  try {
    const boardUrl = `${server.origin}${board.path}`;
    const rowsShown = await writeStaticAnchor(browser, server.origin, server.staticDir, board.path);
    log(`static anchor written (${rowsShown} rows)`);
    const staticHtml = await (await fetch(`${server.origin}/${STATIC_PAGE}`)).text();
    const runs: Record<Kind, FirstRows[]> = { cold: [], warm: [], static: [], staticKept: [] };
    const measure: Record<Kind, () => Promise<FirstRows>> = {
      cold: () => cold(browser, boardUrl),
      warm: () => warm(browser, boardUrl),
      static: () => cold(browser, `${server.origin}/${STATIC_PAGE}`),
      staticKept: () => warm(browser, boardUrl, staticHtml),
    };
    // One untimed round first: the browser's first pages pay for starting its processes.
    await measure.cold();
    for (let run = 0; run < RUNS; run++) {
      // Rotate the order, so no kind always meets a busier machine.
      const kinds: Kind[] = ['cold', 'warm', 'static', 'staticKept'];
      for (let i = 0; i < kinds.length; i++) {
        const kind = kinds[(i + run) % kinds.length];
        const r = await measure[kind]();
        runs[kind].push(r);
        log(`${kind}: ${r.ms.toFixed(0)} ms, ${(r.bytes / 1024).toFixed(1)} KB`);
      }
    }
    const staticMs = median(runs.static.map((r) => r.ms));
    const staticKeptMs = median(runs.staticKept.map((r) => r.ms));
    const coldTarget = 'ms' in board.coldTarget ? board.coldTarget.ms : staticMs * board.coldTarget.ratio;
    const row = (kind: Kind, label: string, target?: number) => {
      const ms = median(runs[kind].map((r) => r.ms));
      const kb = median(runs[kind].map((r) => r.bytes)) / 1024;
      const all = runs[kind].map((r) => r.ms.toFixed(0)).join(', ');
      const verdict =
        target === undefined
          ? 'anchor'
          : ms <= target
            ? `met (≤ ${target.toFixed(0)} ms)`
            : `NOT met (≤ ${target.toFixed(0)} ms)`;
      return `| ${label} | ${ms.toFixed(0)} ms | ${all} | ${kb.toFixed(1)} KB | ${verdict} |`;
    };
    const coldRule =
      'ratio' in board.coldTarget
        ? ` Cold target: ${board.coldTarget.ratio}× the anchor's median (${staticMs.toFixed(0)} ms); cold is ${(median(runs.cold.map((r) => r.ms)) / staticMs).toFixed(2)}× it.`
        : '';
    const warmRule = ` Warm is ${(median(runs.warm.map((r) => r.ms)) / staticKeptMs).toFixed(2)}× the static board kept in its place.`;
    return [
      board.title,
      '',
      `Navigation to the painted first frame with leaderboard rows (${board.described}; ${rowsShown}`,
      'rows on the first page) in headless Chromium with CDP throttling: 150 ms round trip, 1.6 Mbps down,',
      '750 kbps up, CPU 4× slower, 390 × 844. Production build served by tests/browser/serve.ts (the real',
      `server, demo community). Median of ${RUNS} runs, each in a fresh browser profile; warm runs visit once`,
      "first (service worker installed, query cache saved in IndexedDB, the server's drawing of the page",
      'kept by the service worker, which answers with it: sw/saved-pages.ts); a cold visit gets the board',
      'drawn by the server in its HTML (server/http/page-drawing.ts); both are hydrated by the app. Each timed',
      "visit starts 2 s after its tab opened (the tab's own start is over). The anchors are the same board as static",
      "HTML (the app's document without scripts): sent by the same server (cold), and kept by the service",
      "worker in the board's place (warm: what a warm visit takes with no script at all). Bytes: over the",
      `network until the rows showed.${coldRule}${warmRule}`,
      '',
      '| page | median | runs | bytes | target |',
      '|---|---|---|---|---|',
      row('cold', 'app, cold', coldTarget),
      row('warm', 'app, warm', WARM_TARGET_MS),
      row('static', 'static HTML (anchor)'),
      row('staticKept', 'static HTML kept by the service worker (warm anchor)'),
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
  }
}
