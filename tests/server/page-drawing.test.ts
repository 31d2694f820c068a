/**
 * The server's drawing of the board (src/server-render.tsx `loadPage`, as server/http/page-drawing.ts
 * uses it) against a real app and database: the team board of the last 24 hours with hand-computed
 * races, WPM and accuracy, in the phone's or the desktop's column order; nothing when the page's
 * answers fail, and a failure never spoils the next drawing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPage } from '../../src/server-render';
import type { App } from '../../server/http/context.js';
import { addBatches, addRacer, addTeam, testApp, type TestContext } from './helpers.js';

// The app's code reads the real clock, as it does in the browser: the server's is the same.
const NOW = new Date();
const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Math.floor((NOW.getTime() - h * HOUR) / 600_000) * 600_000);

function sender(app: App): typeof fetch {
  return async (input) => {
    const res = await app.inject({ url: String(input), headers: { accept: 'application/json' } });
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  };
}

/** The cells of each body row of the first table, as text. */
function bodyRows(html: string): string[][] {
  const body = /<tbody>(.*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1].replace(/<[^>]+>/g, '')),
  );
}

function headers(html: string): string[] {
  const head = /<thead>(.*?)<\/thead>/.exec(html)?.[1] ?? '';
  return [...head.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((cell) =>
    cell[1].replace(/<span class="sort-indicator".*?<\/span>/g, '').replace(/<[^>]+>/g, ''),
  );
}

describe('the server drawing of the board', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await testApp('pglite', NOW);
    await addTeam(t.db, 'ALPHA');
    await addTeam(t.db, 'BRAVO');
    await addRacer(t.db, { userId: 1, username: 'alice', tag: 'ALPHA' });
    await addRacer(t.db, { userId: 2, username: 'bob', tag: 'BRAVO' });
    // alice: 5 races typing 2,500 characters with 25 errors in 100 s: WPM (2500 / 5) / (100 / 60) = 300.0,
    // accuracy 1 − 25 / 2500 = 99.00 %. bob: 2 races, 600 characters, no error, in 72 s: WPM 100.0, 100.00 %.
    await addBatches(t.db, [
      {
        userId: 1,
        tag: 'ALPHA',
        endTime: hoursAgo(2),
        races: 5,
        typed: 2500,
        errs: 25,
        secs: 100,
      },
      { userId: 2, tag: 'BRAVO', endTime: hoursAgo(1), races: 2, typed: 600, errs: 0, secs: 72 },
    ]);
  });
  afterAll(() => t.close());

  it('draws the team board of the last 24 hours, best first, with the numbers worked out above', async () => {
    const page = await loadPage('/', sender(t.app));
    expect(page).not.toBeNull();
    const desktop = page!.render(false);
    expect(desktop).toContain('Last 24 hours');
    expect(headers(desktop)).toEqual(['Rank', 'Team Tag', 'Races', 'Accuracy', 'WPM', 'Points']);
    const rows = bodyRows(desktop);
    expect(rows.map((r) => [r[1], r[2], r[3], r[4]])).toEqual([
      ['ALPHA', '5', '99.00%', '300.0'],
      ['BRAVO', '2', '100.00%', '100.0'],
    ]);
    expect(rows[0][0]).toMatch(/^1/);
    expect(rows[1][0]).toMatch(/^2/);
    // The phone's order: the ranked-by column right after the name.
    expect(headers(page!.render(true))).toEqual(['Rank', 'Team Tag', 'Points', 'Races', 'Accuracy', 'WPM']);
  });

  it('draws nothing when the answers fail, and the next drawing is whole again', async () => {
    const broken = await testApp('pglite', NOW);
    // The database gone: the server answers its errors (500 with an `error` text).
    await broken.db.close();
    expect(await loadPage('/leaderboards', sender(broken.app))).toBeNull();
    // The server gone: every request fails, as the network would.
    await broken.app.close();
    expect(await loadPage('/leaderboards', sender(broken.app))).toBeNull();
    const page = await loadPage('/leaderboards', sender(t.app));
    expect(bodyRows(page!.render(false)).map((r) => r[1])).toEqual(['ALPHA', 'BRAVO']);
  });
});
