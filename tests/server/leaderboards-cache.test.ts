/**
 * The leaderboard response cache: answers kept per (window, data version), ETag / 304, emptied
 * when a collector poll commits in this process or in another one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, type TestContext } from './helpers.js';

const URL = '/api/team-leaderboard?start_time=2026-03-09%2000:00:00&end_time=2026-03-09%2023:59:59';

describe.each(dbKinds)('leaderboard cache on %s', (kind) => {
  let t: TestContext;
  const batch = (endTime: string, races: number) => ({
    userId: 1,
    tag: 'ALPHA',
    endTime: new Date(endTime),
    races,
    typed: 500 * races,
    errs: 0,
    secs: 60 * races,
  });

  beforeAll(async () => {
    t = await testApp(kind, new Date('2026-03-10T18:00:00Z'));
    await addTeam(t.db, 'ALPHA');
    await addRacer(t.db, { userId: 1, username: 'alice', tag: 'ALPHA' });
    await addBatches(t.db, [batch('2026-03-09T15:00:00Z', 2)]);
  });
  afterAll(() => t.close());

  it('sends an ETag and answers a matching If-None-Match with 304 and no body', async () => {
    const first = await t.app.inject(URL);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/application\/json/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: URL, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const weak = await t.app.inject({ url: URL, headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
  });

  it('keeps the answer until the data version changes, then drops it on the change notice', async () => {
    const before = await t.app.inject(URL);
    expect(before.json()[0].Races).toBe(2);
    // A write that does not bump the version is not seen: the answer comes from the cache.
    await addBatches(t.db, [batch('2026-03-09T16:00:00Z', 3)]);
    expect((await t.app.inject(URL)).json()[0].Races).toBe(2);
    const version = await t.db.transaction((tx) => bumpDataVersion(tx));
    t.db.dataChanges.notify(version);
    // The notice names the new version: the cache does not read it from the database.
    const versionReads: string[] = [];
    const query = t.db.query.bind(t.db);
    t.db.query = ((sql: string, params?: unknown[]) => {
      if (sql === "SELECT value FROM app_meta WHERE key = 'data_version'") versionReads.push(sql);
      return query(sql, params);
    }) as typeof t.db.query;
    try {
      const after = await t.app.inject({ url: URL, headers: { 'if-none-match': before.headers.etag as string } });
      expect(after.statusCode).toBe(200);
      expect(after.json()[0].Races).toBe(5);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.headers.etag).toContain(`.${version}"`);
    } finally {
      t.db.query = query;
    }
    expect(versionReads).toEqual([]);
  });

  it('sees a version bumped by another process without a notice, within a second', async () => {
    await addBatches(t.db, [batch('2026-03-09T17:00:00Z', 4)]);
    expect((await t.app.inject(URL)).json()[0].Races).toBe(5);
    await t.db.transaction((tx) => bumpDataVersion(tx));
    await new Promise((r) => setTimeout(r, 1100));
    expect((await t.app.inject(URL)).json()[0].Races).toBe(9);
  });

  it('keys on the window, not on how its times are written', async () => {
    const iso = await t.app.inject(
      '/api/team-leaderboard?start_time=2026-03-09T05:00:00Z&end_time=2026-03-10T04:59:59Z',
    );
    const plain = await t.app.inject(URL);
    expect(iso.headers.etag).toBe(plain.headers.etag);
    expect(iso.body).toBe(plain.body);
    const withBots = await t.app.inject(`${URL}&showbot=TRUE`);
    expect(withBots.headers.etag).not.toBe(plain.headers.etag);
  });
});
