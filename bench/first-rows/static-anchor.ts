/**
 * The anchor of the first-rows benchmark: the same board pre-rendered as static HTML. The app draws
 * the board once (unthrottled); its document, without scripts, preloads or manifest, is written
 * into the build's folder, so the same server sends it with the app's own stylesheets.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { ROW_SELECTOR, VIEWPORT } from './page-timing.js';

export const STATIC_PAGE = 'first-rows-static.html';

export async function writeStaticAnchor(
  browser: Browser,
  origin: string,
  staticDir: string,
  boardPath = '/leaderboards',
): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${boardPath}`);
    await page.locator(ROW_SELECTOR).first().waitFor();
    const html = (await page.content())
      .replace(/<script\b[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*rel="(?:modulepreload|preload|manifest)"[^>]*>/g, '');
    fs.writeFileSync(path.join(staticDir, STATIC_PAGE), html);
    return await page.locator(ROW_SELECTOR).count();
  } finally {
    await context.close();
  }
}
