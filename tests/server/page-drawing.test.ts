/**
 * The server's drawing of a page (src/server-render.tsx `drawPage`, as server/http/page-drawing.ts
 * uses it) against a real app and database: the team board of the last 24 hours with hand-computed
 * races, WPM and accuracy, in the phone's or the desktop's column order, its answers handed to the
 * app in the hydration script (allowed by the page's nonce); `/` answered with the app's redirect;
 * a rejection when the page's answers fail, and a failure never spoils the next drawing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawPage } from '../../src/server-render';
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

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q=';

async function draw(app: App, path: string, narrow = false): Promise<Response> {
  return drawPage({ url: `http://localhost${path}`, narrow, nonce: NONCE, drawnAt: NOW.getTime(), send: sender(app) });
}

describe('the server drawing of a page', () => {
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
    const res = await draw(t.app, '/leaderboards');
    expect(res.status).toBe(200);
    const desktop = await res.text();
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
    const phone = await (await draw(t.app, '/leaderboards', true)).text();
    expect(headers(phone)).toEqual(['Rank', 'Team Tag', 'Points', 'Races', 'Accuracy', 'WPM']);
  });

  it('hands the answers to the app in scripts that carry the nonce, and never a style attribute it would lose', async () => {
    const html = await (await draw(t.app, '/leaderboards')).text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${NONCE}"`);
    // The router's state with the page's queries: the board's rows are in it (ALPHA's points:
    // 5 races × (100 + WPM 300 / 2) × accuracy 0.99 = 1,237.5).
    expect(html).toContain('self.$_TSR');
    expect(html).toMatch(/TeamTag:"ALPHA",Races:5,Accuracy:0.99,WPM:300,Points:1237.5/);
    expect(html).not.toMatch(/ style="/);
  });

  it("draws a team screen's picker with every tracked team, as the app shows it once hydrated", async () => {
    const html = await (await draw(t.app, '/roster?tag=BRAVO')).text();
    const picker = /<select[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
    expect([...picker.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1])).toEqual(['', 'ALPHA', 'BRAVO']);
    expect(picker).toMatch(/<option value="BRAVO" selected="">/);
  });

  it("writes a racer's hostile display name as text, never as markup or a script of its own", async () => {
    const other = await testApp('pglite', NOW);
    try {
      await addTeam(other.db, 'ALPHA');
      const name = '</script><script>alert(1)</script><b>x</b>';
      await addRacer(other.db, { userId: 7, username: 'mallory', displayName: name, tag: 'ALPHA' });
      await addBatches(other.db, [
        { userId: 7, tag: 'ALPHA', endTime: hoursAgo(1), races: 1, typed: 250, errs: 0, secs: 60 },
      ]);
      const html = await (await draw(other.app, '/leaderboards?view=individuals&period=24hour')).text();
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<b>x</b>');
      // Shown escaped in the table, and escaped in the hydration data.
      expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain('\\x3C/script>\\x3Cscript>alert(1)');
    } finally {
      await other.close();
    }
  });

  it("answers / with the app's redirect to the board, and an unknown address with a 404 page", async () => {
    const home = await draw(t.app, '/');
    expect(home.status).toBeGreaterThanOrEqual(300);
    expect(home.status).toBeLessThan(400);
    expect(new URL(home.headers.get('location')!, 'http://localhost').pathname).toBe('/leaderboards');
    const missing = await draw(t.app, '/no-such-screen');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('self.$_TSR');
  });

  it('draws nothing when the answers fail, and the next drawing is whole again', async () => {
    const broken = await testApp('pglite', NOW);
    // The database gone: the server answers its errors (503 with an `error` text).
    await broken.db.close();
    await expect(draw(broken.app, '/leaderboards')).rejects.toThrow();
    // The server gone: every request fails, as the network would.
    await broken.app.close();
    await expect(draw(broken.app, '/leaderboards')).rejects.toThrow();
    const html = await (await draw(t.app, '/leaderboards')).text();
    expect(bodyRows(html).map((r) => r[1])).toEqual(['ALPHA', 'BRAVO']);
  });
});
