/**
 * A flood of anonymous GETs with made-up query strings must not fill the server's memory: the
 * public cache keys answers on the validated parameters (unknown ones are ignored, as the routes
 * ignore them), and its own accounting (bytes with keys, entries, older answers, computations in
 * flight) stays within its limits while thousands of distinct valid windows are asked for too;
 * every answer stays the right one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import type { Database } from '../../server/db/database.js';
import { buildApp } from '../../server/http/app.js';
import type { App } from '../../server/http/context.js';
import { addBatches, addRacer, addTeam, freshDatabase, TEST_TZ } from './helpers.js';

const NOW = new Date('2026-03-10T18:00:10Z');
const LIMITS = { maxBytes: 64 * 1024, maxEntries: 40, maxPending: 8 };
const PADDING = 'x'.repeat(8000);
const BOARD = '/api/team-leaderboard?start_time=2026-03-10%2000:00:00&end_time=2026-03-10%2023:59:59';
const PATHS = [
  '/api/team-tags',
  '/api/team-stats?tag=ALPHA',
  '/api/racer-info?username=alice',
  '/api/current-display-names?tag=ALPHA',
  BOARD,
];

describe('public cache under a flood of distinct query strings', () => {
  let db: Database;
  let app: App;
  /** Each path's answer and ETag before the flood. */
  const clean = new Map<string, string>();
  const cleanTags = new Map<string, string>();

  beforeAll(async () => {
    db = await freshDatabase('pglite');
    await addTeam(db, 'ALPHA');
    await addTeam(db, 'BETA');
    await addRacer(db, { userId: 1, username: 'alice', tag: 'ALPHA' });
    await addBatches(db, [
      { userId: 1, tag: 'ALPHA', endTime: new Date('2026-03-10T17:00:00Z'), races: 2, typed: 1000, errs: 0, secs: 120 },
    ]);
    const config = { ...loadConfig({}), siteTimezone: TEST_TZ, trackedTeams: ['TEST'], demo: false, trustProxy: true };
    app = await buildApp({ db, config, now: () => NOW }, { responseCache: LIMITS });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  /** Sends `urls` 16 at a time; each answer's status and body, in order. */
  async function send(urls: string[]): Promise<Array<{ status: number; body: string; etag: unknown }>> {
    const out: Array<{ status: number; body: string; etag: unknown }> = [];
    for (let i = 0; i < urls.length; i += 16) {
      const batch = await Promise.all(urls.slice(i, i + 16).map((url) => app.inject(url)));
      out.push(...batch.map((r) => ({ status: r.statusCode, body: r.body, etag: r.headers.etag })));
    }
    return out;
  }

  const withExtra = (path: string, extra: string) => `${path}${path.includes('?') ? '&' : '?'}${extra}`;

  it('answers as before, with the spec figures', async () => {
    for (const path of PATHS) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(200);
      clean.set(path, res.body);
      cleanTags.set(path, res.headers.etag as string);
    }
    expect(JSON.parse(clean.get('/api/team-tags')!)).toEqual(['ALPHA', 'BETA']);
    expect(JSON.parse(clean.get('/api/team-stats?tag=ALPHA')!).races).toBe(2);
    expect(JSON.parse(clean.get('/api/racer-info?username=alice')!).username).toBe('alice');
  });

  it('keeps one answer per validated request, whatever unknown parameters come with it', async () => {
    // 2,000 requests, 400 per path: half name a distinct unknown parameter, half a distinct long value.
    const urls = Array.from({ length: 2000 }, (_, i) =>
      withExtra(PATHS[i % PATHS.length], i % 2 === 0 ? `p${i}=${PADDING}` : `pad=${i}${PADDING}`),
    );
    const answers = await send(urls);
    answers.forEach((a, i) => {
      expect(a.status).toBe(200);
      expect(a.body).toBe(clean.get(PATHS[i % PATHS.length]));
      // The same answer as the request without the unknown parameter: the same ETag.
      expect(a.etag).toBe(cleanTags.get(PATHS[i % PATHS.length]));
    });
    const stats = app.publicCache.stats;
    // The five requests of PATHS, each kept once (and once as the newest older answer).
    expect(stats.entries).toBe(5);
    expect(stats.olderAnswers).toBe(5);
    // 2,000 keys of 8,000 characters would be 16 MB; five short keys and small answers stay small.
    expect(stats.bytes).toBeLessThan(16 * 1024);
    expect(stats.computing).toBe(0);
  }, 60_000);

  it('stays within its limits when every request is a distinct valid board window, and answers stay right', async () => {
    // 300 distinct windows (each day from 2025-05-01 on), each with a distinct unknown parameter too.
    const start = Date.UTC(2025, 4, 1);
    const urls = Array.from({ length: 300 }, (_, i) => {
      const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      return `/api/team-leaderboard?start_time=${day}%2000:00:00&end_time=${day}%2023:59:59&q${i}=${PADDING}`;
    });
    const answers = await send(urls);
    for (const a of answers) expect(a.status).toBe(200);
    const stats = app.publicCache.stats;
    // 300 distinct answers of a few hundred bytes each: the entry cap is what binds.
    expect(stats.entries).toBe(LIMITS.maxEntries);
    expect(stats.bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
    expect(stats.olderAnswers).toBeLessThanOrEqual(LIMITS.maxEntries);
    expect(stats.olderBytes).toBeLessThanOrEqual(LIMITS.maxBytes);
    expect(stats.computing).toBe(0);

    // The answers dropped to make room are computed again, the same as before the flood.
    const again = await send(PATHS);
    again.forEach((a, i) => expect(a.body).toBe(clean.get(PATHS[i])));
  }, 120_000);
});
