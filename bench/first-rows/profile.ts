/**
 * `npx tsx bench/first-rows/profile.ts [cold|warm]`: one throttled visit of the first-rows benchmark,
 * printed as a timeline (requests with their start and end, long tasks, performance marks and paints),
 * to see where the time to the first rows goes. Not part of `npm run bench`. FIRST_ROWS_NO_MINIFY=1
 * builds without minifying (readable names in a CPU profile, slower to load); FIRST_ROWS_NO_DRAWING=1
 * serves the page without the server's drawing of the board (server/http/page-drawing.ts);
 * FIRST_ROWS_PATH times another address than /leaderboards.
 */
import { chromium } from '@playwright/test';
import { startAppServer } from './app-server.js';
import { newPhoneContext, ROW_SELECTOR, settle, throttle, until } from './page-timing.js';

const OBSERVE = `
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });
`;

interface Timeline {
  resources: { name: string; start: number; end: number; bytes: number; type: string }[];
  marks: { name: string; at: number }[];
  longTasks: { start: number; duration: number }[];
  nav: {
    workerStart: number;
    responseStart: number;
    size: number;
    responseEnd: number;
    domInteractive: number;
    domContentLoaded: number;
    bytes: number;
  };
}

async function main(): Promise<void> {
  const kinds = process.argv.slice(2).length ? process.argv.slice(2) : ['cold', 'warm'];
  const server = await startAppServer((l) => console.log(l));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--headless'],
  });
  try {
    const url = `${server.origin}${process.env.FIRST_ROWS_PATH ?? '/leaderboards'}`;
    for (const kind of kinds) {
      const context = await newPhoneContext(browser);
      await context.addInitScript({ content: OBSERVE });
      if (kind === 'warm') {
        const first = await context.newPage();
        await first.goto(url);
        await first.locator(ROW_SELECTOR).first().waitFor();
        await first.evaluate(() => navigator.serviceWorker.ready);
        await until(
          first,
          (address) => caches.match(address ?? '', { cacheName: 'nt-pages' }).then((r) => r !== undefined),
          url,
        );
        await first.close();
      }
      const page = await context.newPage();
      await settle(page);
      await throttle(context, page);
      await page.goto(url, { waitUntil: 'commit' });
      const rows = await page.evaluate(
        () => (window as unknown as { __firstRows: Promise<{ ms: number }> }).__firstRows,
      );
      await page.waitForLoadState('load');
      const t: Timeline = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return {
          resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
            name: r.name.replace(location.origin, ''),
            start: r.startTime,
            end: r.responseEnd,
            bytes: r.transferSize,
            type: r.initiatorType,
          })),
          marks: [...performance.getEntriesByType('mark'), ...performance.getEntriesByType('paint')].map((m) => ({
            name: m.name,
            at: m.startTime,
          })),
          longTasks: (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
          nav: {
            workerStart: nav.workerStart,
            responseStart: nav.responseStart,
            responseEnd: nav.responseEnd,
            size: nav.decodedBodySize,
            domInteractive: nav.domInteractive,
            domContentLoaded: nav.domContentLoadedEventEnd,
            bytes: nav.transferSize,
          },
        };
      });
      console.log(`\n=== ${kind}: first rows at ${rows.ms.toFixed(0)} ms`);
      console.log(
        `document (${(t.nav.size / 1024).toFixed(1)} KB): worker start ${t.nav.workerStart.toFixed(0)}, response start ${t.nav.responseStart.toFixed(0)}, end ${t.nav.responseEnd.toFixed(0)}, interactive ${t.nav.domInteractive.toFixed(0)}, DCL ${t.nav.domContentLoaded.toFixed(0)}`,
      );
      const events = [
        ...t.resources.map((r) => ({
          at: r.start,
          text: `${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)}  ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${r.type.padEnd(6)} ${r.name.slice(0, 100)}`,
        })),
        ...t.marks.map((m) => ({ at: m.at, text: `${m.at.toFixed(0).padStart(5)}   mark ${m.name}` })),
        ...t.longTasks.map((l) => ({
          at: l.start,
          text: `${l.start.toFixed(0).padStart(5)} +${l.duration.toFixed(0).padStart(4)}  long task`,
        })),
      ].sort((a, b) => a.at - b.at);
      for (const e of events) console.log(e.text);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
