/**
 * A page drawn while the response cache is busy may be drawn from an older answer (the previous
 * data version's, response-cache.ts). Such a page must not claim the current version: the app's
 * live updates compare it with the stream's first version and would otherwise keep the old rows
 * until the next poll. The drawing's render module here is a small stand-in that asks one address of
 * the busy cache (busy-cache.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataVersion } from '../../server/db/data-version.js';
import { pageDrawing, serverRenderPath, type PageDrawing } from '../../server/http/page-drawing.js';
import { busyCache, until } from './busy-cache.js';
import { freshDatabase } from './helpers.js';

const RENDER = `export async function drawPage({ send }) {
  const answer = await (await send('/answer/a')).json();
  return new Response('<!DOCTYPE html><p>value ' + answer.value + '</p>', { status: 200 });
}
`;

const db = await freshDatabase('pglite');
const { app, answers, held, bump, close } = await busyCache(db);

describe('a page drawn while the cache is busy', () => {
  let drawing: PageDrawing;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-drawing-'));

  beforeAll(async () => {
    const staticDir = path.join(dir, 'dist');
    fs.mkdirSync(path.dirname(serverRenderPath(staticDir)), { recursive: true });
    fs.writeFileSync(serverRenderPath(staticDir), RENDER);
    drawing = (await pageDrawing(app, staticDir, { readVersion: () => readDataVersion(db), budgetMs: 5_000 }))!;
  });
  afterAll(async () => {
    await close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const visit = { method: 'GET', url: '/', headers: {} } as FastifyRequest;

  it('says the version it was drawn from: current when quiet, the one before when an answer was older', async () => {
    const quiet = await drawing.draw(visit);
    const before = await readDataVersion(db);
    expect(quiet).toMatchObject({ status: 200, html: '<p>value 1</p>', version: before });

    answers.set('a', 2);
    await bump();
    const b = app.inject('/answer/b');
    const c = app.inject('/answer/c');
    await until(() => held.size === 2);
    const busy = await drawing.draw(visit);
    // It shows version `before`'s rows, while the data is at `before + 1` now.
    expect(busy).toMatchObject({ status: 200, html: '<p>value 1</p>', version: before });
    for (const release of held.values()) release();
    await b;
    await c;

    const after = await drawing.draw(visit);
    expect(after).toMatchObject({ html: '<p>value 2</p>', version: before + 1 });
  });
});
