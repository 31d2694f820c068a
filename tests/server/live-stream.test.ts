/**
 * GET /api/live over real HTTP: the headers a proxy and the CSP need, the live version on
 * connect, one `version` event after a collector run (when it is whole, not one per team written,
 * while cached answers see each team's write at once) and after a staff write, nothing for a run
 * in which every team failed, and the stream ends on app close.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollTeams } from '../../server/collector/poll.js';
import { writePoll } from '../../server/collector/write-poll.js';
import { readDataVersion } from '../../server/db/data-version.js';
import { publicChange } from '../../server/db/public-change.js';
import { judgeClosedWeeks } from '../../server/db/requirements-repo.js';
import { teamBody } from './collector-helpers.js';
import { dbKinds, testApp, TEST_TZ, type TestContext } from './helpers.js';
import { openLiveStream } from './live-client.js';

describe.each(dbKinds)('live stream on %s', (kind) => {
  let t: TestContext;
  let url = '';
  let base = '';
  const answers = new Map<string, string>();
  const game = http.createServer((req, res) => {
    const tag = decodeURIComponent(req.url!.split('/').pop()!);
    const body = answers.get(tag);
    if (body) res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    else res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
  });

  beforeAll(async () => {
    t = await testApp(kind);
    await t.db.query("INSERT INTO teams (tag, tracked) VALUES ('AAA', true)");
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/live`;
    await new Promise<void>((r) => game.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(game.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => game.close(r));
    await t.close();
  });

  it('answers as an unbuffered, uncached event stream the CSP allows', async () => {
    const s = await openLiveStream(url);
    try {
      expect(s.status).toBe(200);
      expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(s.headers.get('x-accel-buffering')).toBe('no');
      expect(s.headers.get('content-encoding')).toBeNull();
      expect(s.headers.get('content-security-policy')).toContain("connect-src 'self'");
    } finally {
      s.close();
    }
  });

  it('sends the version on connect, then a new one after a poll and after a staff write', async () => {
    // Fresh database: version 0.
    expect(await readDataVersion(t.db)).toBe(0);
    const s = await openLiveStream(url);
    try {
      expect(await s.next()).toEqual({ kind: 'version', data: '{"version":0}' });

      answers.set(
        'AAA',
        teamBody('AAA', [{ userID: 7, username: 'ann', played: 3, racesPlayed: 50, typed: 900, errs: 9, secs: 180 }]),
      );
      await pollTeams({ db: t.db, base, tz: TEST_TZ, now: new Date('2026-03-10T17:59:40Z'), delayMs: 0 });
      // One bump for the team's write, one for the run's end ("Data as of" moved).
      expect(await s.versionAtLeast(2)).toBe(2);
      expect(await readDataVersion(t.db)).toBe(2);

      await publicChange(t.db, (tx) => tx.query("UPDATE teams SET name = 'Renamed' WHERE tag = 'AAA'"));
      expect(await s.versionAtLeast(3)).toBe(3);
    } finally {
      s.close();
    }
  });

  it('sends nothing for a run in which every team failed', async () => {
    answers.delete('AAA');
    const before = await readDataVersion(t.db);
    const s = await openLiveStream(url);
    try {
      expect(await s.next()).toEqual({ kind: 'version', data: JSON.stringify({ version: before }) });
      const run = await pollTeams({
        db: t.db,
        base,
        tz: TEST_TZ,
        now: new Date('2026-03-10T18:09:40Z'),
        delayMs: 0,
        backoff: { retries: 0 },
      });
      expect(run.ok).toBe(0);
      await expect(s.next(kind === 'postgres' ? 2500 : 300)).rejects.toThrow('no stream item');
      expect(await readDataVersion(t.db)).toBe(before);
    } finally {
      s.close();
    }
  });

  it('sends one version a run, once it is whole, while cached answers see each team at once', async () => {
    const quiet = kind === 'postgres' ? 2500 : 300;
    await t.db.query("INSERT INTO teams (tag, tracked) VALUES ('BBB', true), ('CCC', true)");
    const member = (tag: string, userID: number, username: string, played: number) =>
      teamBody(tag, [
        { userID, username, played, racesPlayed: 40 + played, typed: played * 300, errs: played, secs: played * 60 },
      ]);
    answers.set('AAA', member('AAA', 7, 'ann', 8));
    answers.set('BBB', member('BBB', 8, 'bob', 4));
    answers.set('CCC', member('CCC', 9, 'cid', 6));
    const members = async () =>
      (await t.app.inject({ url: '/api/member-data-latest' }))
        .json<Array<{ Username: string }>>()
        .map((m) => m.Username)
        .sort();
    expect(await members()).toEqual(['ann']);
    const before = await readDataVersion(t.db);
    const s = await openLiveStream(url);
    try {
      expect(await s.next()).toEqual({ kind: 'version', data: JSON.stringify({ version: before }) });
      // One team's write inside a run: the cached answer shows it at once, the stream waits for the run.
      const at = new Date('2026-03-10T18:19:40Z');
      const bbb = await writePoll(
        t.db,
        { tag: 'BBB', at, httpStatus: 200, body: answers.get('BBB')! },
        TEST_TZ,
        undefined,
        {
          partOfRun: true,
        },
      );
      expect(bbb).toMatchObject({ ok: true, changed: true, dataVersion: before + 1 });
      expect(await members()).toEqual(['ann', 'bob']);
      await expect(s.next(quiet)).rejects.toThrow('no stream item');

      answers.set('BBB', member('BBB', 8, 'bob', 5));
      const run = await pollTeams({ db: t.db, base, tz: TEST_TZ, now: new Date('2026-03-10T18:20:40Z'), delayMs: 0 });
      expect(run.ok).toBe(3);
      const after = await readDataVersion(t.db);
      // BBB's write above, then the run's: AAA, BBB and CCC had new races, and the run's end.
      expect(after).toBe(before + 5);
      expect(await s.next()).toEqual({ kind: 'version', data: JSON.stringify({ version: after }) });
      // After the run the server judges last week's requirement: teams followed only since are left alone.
      expect(await judgeClosedWeeks(t.db, new Date('2026-03-10T18:21:00Z'), TEST_TZ)).toBe(0);
      expect(await readDataVersion(t.db)).toBe(after);
      await expect(s.next(quiet)).rejects.toThrow('no stream item');
      expect(await members()).toEqual(['ann', 'bob', 'cid']);
    } finally {
      s.close();
    }
  });

  it('ends open streams when the app closes', async () => {
    const other = await testApp(kind);
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await openLiveStream(`http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}/api/live`);
    expect((await s.next()).kind).toBe('version');
    await other.close();
    await s.ended;
    await expect(s.next(100)).rejects.toThrow('the stream ended');
  });
});
