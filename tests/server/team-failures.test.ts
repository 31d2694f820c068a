/**
 * A team the collector cannot read is seen: GET /api/health lists it (since when, the newest error
 * in words), the admin's tracked-teams answer says the same, the team info says when the team
 * last collected, and all of it clears once the game answers again. A run in which every team
 * failed is logged as an error. Against a local stand-in for the game over real HTTP.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollTeams, type CollectorLogger } from '../../server/collector/poll.js';
import { recordFailure } from '../../server/collector/write-poll.js';
import { FAILED_KEPT_PER_TEAM } from '../../server/db/collector-state-repo.js';
import { teamBody } from './collector-helpers.js';
import { dbKinds, testApp, TEST_TZ, type TestContext } from './helpers.js';
import { addUser, login } from './staff-helpers.js';

const ann = { userID: 31, username: 'ann', played: 10, racesPlayed: 100, typed: 3_000, errs: 30, secs: 600 };
const bob = { userID: 32, username: 'bob', played: 5, racesPlayed: 50, typed: 1_500, errs: 15, secs: 300 };

/** The game: a team body per tag, 404 for a tag it has no team for, or a broken answer. */
function fakeGame() {
  const answers = new Map<string, string | 404>();
  const server = http.createServer((req, res) => {
    const tag = decodeURIComponent(req.url!.split('/').pop()!);
    const answer = answers.get(tag) ?? 404;
    if (answer === 404) res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"FAIL"}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  });
  return { server, answers };
}

interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg?: string;
}

function recordingLogger(lines: LogLine[]): CollectorLogger {
  const at = (level: LogLine['level']) => (obj: object, msg?: string) =>
    lines.push({ level, obj: obj as Record<string, unknown>, msg });
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

describe.each(dbKinds)('failing teams on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let base = '';
  const game = fakeGame();

  /** One run of the collector over the tracked teams, every answer stamped `at`. */
  const poll = (at: string, logger?: CollectorLogger, tags?: string[]) =>
    pollTeams({
      db: t.db,
      base,
      tz: TEST_TZ,
      now: new Date(at),
      clock: () => new Date(at),
      delayMs: 0,
      tags,
      logger,
    });
  const health = async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const trackedTeams = async () => {
    const res = await t.app.inject({ url: '/api/admin/tracked-teams', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const lastPolledAt = async (tag: string) => {
    const res = await t.app.inject(`/api/team-info?tag=${tag}`);
    expect(res.statusCode).toBe(200);
    return res.json().lastPolledAt;
  };

  beforeAll(async () => {
    t = await testApp(kind, new Date('2026-03-10T18:30:00Z'));
    await t.db.query("INSERT INTO teams (tag) VALUES ('GONE'), ('JUNK'), ('GOOD')");
    await addUser(t.db, { username: 'root', password: 'root-password', role: 'admin' });
    admin = await login(t.app, 'root', 'root-password');
    await new Promise<void>((r) => game.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(game.server.address() as AddressInfo).port}/api/v2`;
  });
  afterAll(async () => {
    await new Promise((r) => game.server.close(r));
    await t.close();
  });

  it('lists a team answered 404 and a team whose answer cannot be read, then clears them', async () => {
    // 18:00: JUNK and GOOD collect; GONE gets a 404 (the game has no such team).
    game.answers.set('JUNK', teamBody('JUNK', [ann]));
    game.answers.set('GOOD', teamBody('GOOD', [bob]));
    expect(await poll('2026-03-10T18:00:05Z')).toMatchObject({ ok: 2, failed: 1 });
    // 18:10 and 18:20: JUNK's answer is garbage; GONE is still unknown; GOOD collects.
    game.answers.set('JUNK', '{"status":"OK","results":');
    expect(await poll('2026-03-10T18:10:05Z')).toMatchObject({ ok: 1, failed: 2 });
    expect(await poll('2026-03-10T18:20:05Z')).toMatchObject({ ok: 1, failed: 2 });

    const body = await health();
    // Failing teams alone leave the site serving: the status stays ok.
    expect(body.status).toBe('ok');
    expect(body.failingTeams).toEqual([
      {
        tag: 'GONE',
        failingSince: '2026-03-10T18:00:05.000Z',
        lastFailedAt: '2026-03-10T18:20:05.000Z',
        lastError: 'The game answered 404: no such team',
        lastSuccessfulPollAt: null,
      },
      {
        tag: 'JUNK',
        failingSince: '2026-03-10T18:10:05.000Z',
        lastFailedAt: '2026-03-10T18:20:05.000Z',
        lastError: "The game's answer could not be read",
        lastSuccessfulPollAt: '2026-03-10T18:00:05.000Z',
      },
    ]);

    expect(await trackedTeams()).toEqual([
      {
        tag: 'GONE',
        name: null,
        tracked: true,
        lastPolledAt: null,
        failingSince: '2026-03-10T18:00:05.000Z',
        lastError: 'The game answered 404: no such team',
      },
      {
        tag: 'GOOD',
        name: 'Team GOOD',
        tracked: true,
        lastPolledAt: '2026-03-10T18:20:05.000Z',
        failingSince: null,
        lastError: null,
      },
      {
        tag: 'JUNK',
        name: 'Team JUNK',
        tracked: true,
        lastPolledAt: '2026-03-10T18:00:05.000Z',
        failingSince: '2026-03-10T18:10:05.000Z',
        lastError: "The game's answer could not be read",
      },
    ]);

    // The public team info says when each team last collected (the screens judge staleness).
    expect(await lastPolledAt('GONE')).toBeNull();
    expect(await lastPolledAt('JUNK')).toBe('2026-03-10T18:00:05.000Z');
    expect(await lastPolledAt('GOOD')).toBe('2026-03-10T18:20:05.000Z');

    // 18:30: both answer again.
    game.answers.set('GONE', teamBody('GONE', [{ ...bob, userID: 33, username: 'cid' }]));
    game.answers.set('JUNK', teamBody('JUNK', [{ ...ann, played: 12, racesPlayed: 102 }]));
    expect(await poll('2026-03-10T18:30:05Z')).toMatchObject({ ok: 3, failed: 0 });

    expect((await health()).failingTeams).toEqual([]);
    const rows = (await trackedTeams()) as Array<{
      tag: string;
      failingSince: string | null;
      lastError: string | null;
    }>;
    expect(rows.map((r) => [r.tag, r.failingSince, r.lastError])).toEqual([
      ['GONE', null, null],
      ['GOOD', null, null],
      ['JUNK', null, null],
    ]);
    // The run's writes moved the data version, so the cached team info is fresh.
    expect(await lastPolledAt('GONE')).toBe('2026-03-10T18:30:05.000Z');
    expect(await lastPolledAt('JUNK')).toBe('2026-03-10T18:30:05.000Z');
  });

  it('leaves a team that is no longer tracked out of the health answer, not out of the admin list', async () => {
    game.answers.delete('GONE');
    await poll('2026-03-10T18:40:05Z', undefined, ['GONE']);
    expect((await health()).failingTeams.map((f: { tag: string }) => f.tag)).toEqual(['GONE']);
    await t.db.query("UPDATE teams SET tracked = false WHERE tag = 'GONE'");
    expect((await health()).failingTeams).toEqual([]);
    const gone = ((await trackedTeams()) as Array<{ tag: string }>).find((r) => r.tag === 'GONE');
    expect(gone).toMatchObject({
      tracked: false,
      lastPolledAt: '2026-03-10T18:30:05.000Z',
      failingSince: '2026-03-10T18:40:05.000Z',
      lastError: 'The game answered 404: no such team',
    });
    await t.db.query("UPDATE teams SET tracked = true WHERE tag = 'GONE'");
  });

  it('logs a run in which every team failed as an error, a run with data as info', async () => {
    const lines: LogLine[] = [];
    game.answers.set('JUNK', 'not json at all');
    await poll('2026-03-10T18:50:05Z', recordingLogger(lines), ['GONE', 'JUNK']);
    const finished = lines.filter((l) => l.msg?.startsWith('collector run finished'));
    expect(finished.map((l) => [l.level, l.msg, l.obj.ok, l.obj.failed])).toEqual([
      ['error', 'collector run finished: every team failed', 0, 2],
    ]);
    expect(finished[0].obj.tags).toEqual(['GONE', 'JUNK']);

    lines.length = 0;
    await poll('2026-03-10T19:00:05Z', recordingLogger(lines), ['GONE', 'GOOD']);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(
      lines.filter((l) => l.msg === 'collector run finished').map((l) => [l.level, l.obj.ok, l.obj.failed]),
    ).toEqual([['info', 1, 1]]);
  });

  it('keeps the first failure since the last success however long a team fails', async () => {
    // GOOD last collected at 19:00:05; 60 failures follow a minute apart, then one 9 days later.
    const fail = (at: Date) =>
      recordFailure(t.db, { tag: 'GOOD', at, httpStatus: 404, error: 'not found: HTTP 404', body: '' });
    const first = Date.parse('2026-03-10T19:01:00Z');
    const kept = async () =>
      (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM failed_responses WHERE tag = 'GOOD'")).rows[0].n;
    for (let i = 0; i < 60; i++) await fail(new Date(first + i * 60_000));
    // The newest 50, plus the first since the success.
    expect(FAILED_KEPT_PER_TEAM).toBe(50);
    expect(await kept()).toBe(51);
    await fail(new Date('2026-03-19T19:00:00Z'));
    // The newest within a week of 2026-03-19 19:00 (just that one), plus the first since the success.
    expect(await kept()).toBe(2);
    const good = ((await health()).failingTeams as Array<{ tag: string }>).find((f) => f.tag === 'GOOD');
    expect(good).toEqual({
      tag: 'GOOD',
      failingSince: '2026-03-10T19:01:00.000Z',
      lastFailedAt: '2026-03-19T19:00:00.000Z',
      lastError: 'The game answered 404: no such team',
      lastSuccessfulPollAt: '2026-03-10T19:00:05.000Z',
    });
  });
});
