/**
 * The central cache of public GETs (server/http/plugins/public-cache.ts): a repeat is answered from
 * the cache (ETag, 304, the kept answer even when the database changed unannounced), a data change
 * brings a new answer, answers that read the clock roll with the minute while data-only answers keep
 * their ETag, and staff or per-user answers are never cached nor shared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { insertBatches } from '../../server/db/batch-writer.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, TEST_TZ, type TestContext } from './helpers.js';
import { addUser, login } from './staff-helpers.js';

const T0 = new Date('2026-03-10T18:00:10Z');
const STATS = '/api/team-stats?tag=ALPHA';

/** A batch written without bumping the data version: only an uncached answer can see it. */
async function silentBatch(t: TestContext, endTime: string, races: number) {
  await t.db.transaction((tx) =>
    insertBatches(
      tx,
      [
        {
          userId: 1,
          tag: 'ALPHA',
          endTime: new Date(endTime),
          races,
          typed: 500 * races,
          errs: 0,
          secs: 60 * races,
          lifetimeRaces: 100,
          displayName: null,
        },
      ],
      TEST_TZ,
    ),
  );
}

describe.each(dbKinds)('public GET cache on %s', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await testApp(kind, T0);
    await addTeam(t.db, 'ALPHA');
    await addRacer(t.db, { userId: 1, username: 'alice', tag: 'ALPHA' });
    await addBatches(t.db, [
      { userId: 1, tag: 'ALPHA', endTime: new Date('2026-03-10T17:00:00Z'), races: 2, typed: 1000, errs: 0, secs: 120 },
    ]);
    await addUser(t.db, { username: 'boss', password: 'correct horse battery', role: 'admin' });
    // The version the batches bumped, announced as a poll's commit does.
    t.db.dataChanges.notify(await t.db.transaction((tx) => bumpDataVersion(tx)));
  });
  afterAll(() => t.close());

  it('answers a repeat from the cache: same ETag and body, 304 for the ETag held', async () => {
    t.setNow(T0);
    const first = await t.app.inject(STATS);
    expect(first.statusCode).toBe(200);
    expect(first.json().races).toBe(2);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    // Written without a version bump: the cached answer does not see it.
    await silentBatch(t, '2026-03-10T17:10:00Z', 3);
    const again = await t.app.inject(STATS);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const revalidated = await t.app.inject({ url: STATS, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('gives a new answer and ETag after a data change', async () => {
    t.setNow(T0);
    const before = await t.app.inject(STATS);
    t.db.dataChanges.notify(await t.db.transaction((tx) => bumpDataVersion(tx)));
    const after = await t.app.inject({ url: STATS, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    // 2 + the 3 written silently.
    expect(after.json().races).toBe(5);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('rolls a clock-reading answer with the minute, and keeps a data-only answer for the whole version', async () => {
    t.setNow(T0);
    const stats = await t.app.inject(STATS);
    const tags = await t.app.inject('/api/racer-info?username=alice');
    expect(tags.statusCode).toBe(200);
    await silentBatch(t, '2026-03-10T17:20:00Z', 4);

    // Later in the same minute: both still cached.
    t.setNow(new Date('2026-03-10T18:00:50Z'));
    expect((await t.app.inject(STATS)).headers.etag).toBe(stats.headers.etag);

    // The next minute: the rolling window is computed again (and sees the silent batch).
    t.setNow(new Date('2026-03-10T18:01:00Z'));
    const rolled = await t.app.inject(STATS);
    expect(rolled.headers.etag).not.toBe(stats.headers.etag);
    expect(rolled.json().races).toBe(9);
    const info = await t.app.inject({
      url: '/api/racer-info?username=alice',
      headers: { 'if-none-match': tags.headers.etag as string },
    });
    expect(info.statusCode).toBe(304);
  });

  it('keys on the query, whatever the order of its parameters', async () => {
    const a = await t.app.inject('/api/racer-batches?username=alice&format=columns');
    const b = await t.app.inject('/api/racer-batches?format=columns&username=alice');
    expect(a.statusCode).toBe(200);
    expect(b.headers.etag).toBe(a.headers.etag);
    const rows = await t.app.inject('/api/racer-batches?username=alice');
    expect(rows.headers.etag).not.toBe(a.headers.etag);
  });

  it('never caches nor shares staff or per-user answers', async () => {
    const cookie = await login(t.app, 'boss', 'correct horse battery');
    for (let i = 0; i < 2; i++) {
      const users = await t.app.inject({ url: '/api/users', headers: { cookie } });
      expect(users.statusCode).toBe(200);
      expect(users.headers.etag).toBeUndefined();
      const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ logged_in: true, username: 'boss' });
      expect(me.headers.etag).toBeUndefined();
    }
    // A visitor after the admin: refused, and not logged in.
    const visitorUsers = await t.app.inject('/api/users');
    expect(visitorUsers.statusCode).toBe(401);
    expect(visitorUsers.json().error).toBeTruthy();
    expect((await t.app.inject('/api/me')).json()).toMatchObject({ logged_in: false });
    const health = await t.app.inject('/api/health');
    expect(health.headers.etag).toBeUndefined();
  });

  it('does not keep an error: an unknown racer is 404 until it exists, then found', async () => {
    const missing = await t.app.inject('/api/racer-info?username=zed');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.json().error).toMatch(/not found/);
    await addRacer(t.db, { userId: 2, username: 'zed', tag: 'ALPHA' });
    t.db.dataChanges.notify(await t.db.transaction((tx) => bumpDataVersion(tx)));
    expect((await t.app.inject('/api/racer-info?username=zed')).statusCode).toBe(200);
    const bad = await t.app.inject('/api/team-stats');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
  });

  it('keeps only JSON: the HTML docs page stays HTML on every request', async () => {
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject('/api/docs');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers.etag).toBeUndefined();
      expect(page.body).toMatch(/^<!doctype html>/i);
    }
  });
});
