import { chromium } from '@playwright/test';
import { startAppServer } from './app-server.js';
import { newPhoneContext, ROW_SELECTOR, throttle } from './page-timing.js';

const server = await startAppServer((l) => console.log(l));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--headless'] });
const url = `${server.origin}/leaderboards`;
try {
  const c1 = await newPhoneContext(browser);
  const p1 = await c1.newPage();
  await throttle(c1, p1);
  await p1.goto(url, { waitUntil: 'commit' });
  await p1.locator(ROW_SELECTOR).first().waitFor();
  await p1.screenshot({ path: '/tmp/phone/shot-cold.png' });
  await c1.close();
  const c2 = await newPhoneContext(browser);
  const first = await c2.newPage();
  await first.goto(url);
  await first.locator(ROW_SELECTOR).first().waitFor();
  await first.evaluate(() => navigator.serviceWorker.ready);
  await first.waitForFunction(() => caches.match('/first-paint.html', { cacheName: 'nt-first-paint' }).then((r) => r !== undefined), undefined, { polling: 250 });
  await first.close();
  const p2 = await c2.newPage();
  await throttle(c2, p2);
  await p2.goto(url, { waitUntil: 'commit' });
  await p2.locator(`.first-paint ${ROW_SELECTOR}`).first().waitFor({ timeout: 5000 }).catch(() => console.log('no drawing seen'));
  await p2.screenshot({ path: '/tmp/phone/shot-warm-drawing.png' });
  await p2.locator('.first-paint').waitFor({ state: 'detached' });
  await p2.locator(ROW_SELECTOR).first().waitFor();
  await p2.screenshot({ path: '/tmp/phone/shot-warm-app.png' });
  await c2.close();
} finally {
  await browser.close();
  await server.stop();
}
