/** Every table's export at 390×844 (a phone), pressed from the keyboard (exports-flow.ts). */
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { activity, batchTable, eventsList, headToHead, health, individualBoard, teamBoard } from './exports-flow';

test.beforeAll(() => fs.mkdir('/tmp/exports-shots', { recursive: true }));

test('the individual board exports every row of the view, sorted as shown, with a Bot column', async ({ page }) => {
  await individualBoard(page);
});

test('the team board exports its teams with accuracy in percent', async ({ page }) => {
  await teamBoard(page);
});

test('the batch table exports every batch of the range', async ({ page }) => {
  await batchTable(page);
});

test('the activity charts export their data; the hourly races list racers with a Bot column', async ({ page }) => {
  await activity(page);
});

test('the events list exports as the table lists it', async ({ page }) => {
  await eventsList(page);
});

test('roster health exports as shown, with a Bot column', async ({ page }) => {
  await health(page);
});

test('the head-to-head exports both tables with numbers as numbers', async ({ page }) => {
  await headToHead(page);
});

test("the Excel writer's worker for a long table (a blob: URL) runs under the page's policy", async ({ page }) => {
  // fflate (inside write-excel-file) compresses a sheet over 160 kB (about 800 rows) in such a
  // worker; the page's CSP refused it and a long table's export never finished. The demo's tables
  // are shorter than that, so the worker is made here, under the same page and policy.
  await page.goto('/about');
  const answer = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const url = URL.createObjectURL(new Blob(['postMessage("compressed")'], { type: 'text/javascript' }));
        const worker = new Worker(url);
        worker.onmessage = (e) => resolve(String(e.data));
        worker.onerror = () => resolve('refused');
        setTimeout(() => resolve('no answer'), 5000);
      }),
  );
  expect(answer).toBe('compressed');
});
