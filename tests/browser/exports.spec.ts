/** Every table's export at 1440×900, pressed from the keyboard (exports-flow.ts). */
import fs from 'node:fs/promises';
import { test } from '@playwright/test';
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
