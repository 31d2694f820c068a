/**
 * When the collector says things happened: each team's poll stamped with the moment its answer
 * arrived (not the run's start), failed answers pruned, and "Data as of" (GET /api/site) taken
 * only from runs in which a team was polled.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollTeams } from '../../server/collector/poll.js';
import { FAILED_KEPT_PER_TEAM } from '../../server/db/collector-state-repo.js';
import { recordFailure } from '../../server/collector/write-poll.js';
import type { Database } from '../../server/db/database.js';
import { bumpDataVersion } from '../../server/db/data-version.js';
import { teamBody, type MemberSpec } from './collector-helpers.js';
import { dbKinds, freshDatabase, testApp, TEST_TZ, type TestContext } from './helpers.js';

const ann: MemberSpec = {
  userID: 21,
  username: 'ann',
  played: 10,
  racesPlayed: 100,
  typed: 3_000,
  errs: 30,
  secs: 600,
};
const ben: MemberSpec = {
  userID: 22,
  username: 'ben',
  played: 20,
  racesPlayed: 200,
  typed: 6_000,
  errs: 60,
  secs: 1_200,
};
const plus2 = (m: MemberSpec): MemberSpec => ({
  ...m,
  played: m.played! + 2,
  racesPlayed: m.racesPlayed! + 2,
  typed: m.typed! + 600,
  errs: m.errs! + 6,
  secs: m.secs! + 120,
});

/** A stand-in for the game: the current answer per tag, and a number of 429s to send first. */
function fakeGame() {
  const answers = new Map<string, string>();
  const limited = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const tag = decodeURIComponent(req.url!.split('/').pop()!);
    const left = limited.get(tag) ?? 0;
    if (left > 0) {
      limited.set(tag, left - 1);
      res.writeHead(429, { 'content-type': 'text/plain' }).end('slow down');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(answers.get(tag) ?? '{"status":"FAIL","data":{"message":"Could not find team."}}');
  });
  return { server, answers, limited };
}

/** A clock that hands out the given instants, one per fetch. */
function clockOf(isos: string[]) {
  const left = isos.map((s) => new Date(s));
  return () => {
    const next = left.shift();
    if (!next) throw new Error('clock read more often than expected');
    return next;
  };
}

describe.each(dbKinds)('collector stamping on %s', (kind) => {
  let db: Database;
  const game = fakeGame();
  let base = '';

  beforeAll(async () => {
    db = await freshDatabase(kind);
    await db.query("INSERT INTO teams (tag) VALUES ('AAA'), ('BBB')");
    await new Promise<void>((r) => game.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(game.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => game.server.close(r));
    await db.close();
  });

  it('stamps each team with the time its answer arrived, so a team fetched after backoff lands in the next slot', async () => {
    game.answers.set('AAA', teamBody('AAA', [ann]));
    game.answers.set('BBB', teamBody('BBB', [ben]));
    await pollTeams({
      db,
      base,
      tz: TEST_TZ,
      now: new Date('2026-03-10T17:59:40Z'),
      delayMs: 0,
      // One lane: the clock hands out its instants in fetch order.
      concurrency: 1,
      clock: clockOf(['2026-03-10T17:59:41Z', '2026-03-10T17:59:42Z']),
    });

    game.answers.set('AAA', teamBody('AAA', [plus2(ann)]));
    game.answers.set('BBB', teamBody('BBB', [plus2(ben)]));
    game.limited.set('BBB', 1);
    // The run starts at 18:09:40; AAA answers at 18:09:45; BBB is rate limited at 18:09:46 and answers at 18:10:31.
    const run = await pollTeams({
      db,
      base,
      tz: TEST_TZ,
      now: new Date('2026-03-10T18:09:40Z'),
      delayMs: 0,
      concurrency: 1,
      backoff: { baseMs: 1, maxMs: 5, retries: 2 },
      clock: clockOf(['2026-03-10T18:09:45Z', '2026-03-10T18:09:46Z', '2026-03-10T18:10:31Z']),
    });
    expect(run).toMatchObject({ ok: 2, failed: 0 });
    expect(run.teams.map((t) => t.ok && [t.tag, t.fetchedAt.toISOString(), t.batches])).toEqual([
      ['AAA', '2026-03-10T18:09:45.000Z', 1],
      ['BBB', '2026-03-10T18:10:31.000Z', 1],
    ]);
    const b = await db.query<{ tag: string; end_time: Date; races: number }>(
      'SELECT tag, end_time, races FROM batches ORDER BY tag',
    );
    expect(b.rows.map((r) => [r.tag, new Date(r.end_time).toISOString(), r.races])).toEqual([
      ['AAA', '2026-03-10T18:00:00.000Z', 2],
      ['BBB', '2026-03-10T18:10:00.000Z', 2],
    ]);
    const when = async (sql: string) =>
      (await db.query<{ tag: string; t: Date }>(sql)).rows.map((r) => [r.tag, new Date(r.t).toISOString()]);
    expect(await when('SELECT tag, taken_at AS t FROM member_snapshots ORDER BY tag')).toEqual([
      ['AAA', '2026-03-10T18:09:45.000Z'],
      ['BBB', '2026-03-10T18:10:31.000Z'],
    ]);
    expect(await when('SELECT tag, last_polled_at AS t FROM teams ORDER BY tag')).toEqual([
      ['AAA', '2026-03-10T18:09:45.000Z'],
      ['BBB', '2026-03-10T18:10:31.000Z'],
    ]);
    expect(await when('SELECT tag, fetched_at AS t FROM raw_responses ORDER BY tag')).toEqual([
      ['AAA', '2026-03-10T18:09:45.000Z'],
      ['BBB', '2026-03-10T18:10:31.000Z'],
    ]);
    expect(await when('SELECT tag, fetched_at AS t FROM failed_responses')).toEqual([
      ['BBB', '2026-03-10T18:09:46.000Z'],
    ]);
    const r = await db.query<{ snapshot_at: Date }>('SELECT snapshot_at FROM collector_runs WHERE id = $1', [
      run.runId,
    ]);
    expect(new Date(r.rows[0].snapshot_at).toISOString()).toBe('2026-03-10T18:09:40.000Z');
  });

  it('says in the log when a member was listed twice, went backwards or was absurd', async () => {
    const warnings: Array<{ obj: Record<string, unknown>; msg?: string }> = [];
    const logger = {
      info() {},
      error() {},
      warn: (obj: object, msg?: string) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
    };
    const a2 = plus2(ann);
    // ann listed twice (current copy kept: no change since 18:09:45); ben's races dip from 22 to 21.
    game.answers.set('AAA', teamBody('AAA', [a2, { ...a2, played: 5 }]));
    game.answers.set('BBB', teamBody('BBB', [{ ...plus2(ben), played: 21 }]));
    const run = await pollTeams({
      db,
      base,
      tz: TEST_TZ,
      now: new Date('2026-03-10T18:19:40Z'),
      delayMs: 0,
      concurrency: 1,
      logger,
      clock: clockOf(['2026-03-10T18:19:41Z', '2026-03-10T18:19:42Z']),
    });
    expect(run).toMatchObject({ ok: 2, failed: 0 });
    expect(warnings.map((w) => [w.obj.tag, w.obj.userId, w.obj.kind, w.msg])).toEqual([
      ['AAA', 21, 'duplicate', 'member listed more than once: counted once'],
      ['BBB', 22, 'bad-reading', 'member reading went backwards: skipped this poll, baseline kept'],
    ]);
    expect(warnings[1].obj.detail).toBe('played 22 → 21');
    expect(run.teams.map((t) => t.ok && [t.tag, t.batches, t.skipped])).toEqual([
      ['AAA', 0, 0],
      ['BBB', 0, 1],
    ]);
  });

  it('keeps a team’s newest failed answers only, none older than a week before its newest', async () => {
    const fail = (tag: string, iso: string) =>
      recordFailure(db, {
        tag,
        at: new Date(iso),
        httpStatus: 200,
        error: 'html: HTML page instead of JSON',
        body: '<html>',
      });
    await fail('AAA', '2026-03-01T12:00:00Z');
    await fail('AAA', '2026-03-03T14:00:00Z');
    await fail('AAA', '2026-03-10T13:00:00Z');
    // 2026-03-01 12:00 is more than 7 days before 2026-03-10 13:00; 2026-03-03 14:00 (6 days 23 h) is not.
    const aaa = async () =>
      (
        await db.query<{ t: Date }>(
          "SELECT fetched_at AS t FROM failed_responses WHERE tag = 'AAA' ORDER BY fetched_at",
        )
      ).rows.map((r) => new Date(r.t).toISOString());
    expect(await aaa()).toEqual(['2026-03-03T14:00:00.000Z', '2026-03-10T13:00:00.000Z']);

    for (let i = 0; i < FAILED_KEPT_PER_TEAM + 5; i++)
      await fail('AAA', new Date(Date.parse('2026-03-10T14:00:00Z') + i * 60_000).toISOString());
    const kept = await aaa();
    expect(kept).toHaveLength(FAILED_KEPT_PER_TEAM);
    expect(kept[0]).toBe('2026-03-10T14:05:00.000Z');
    expect(kept.at(-1)).toBe('2026-03-10T14:54:00.000Z');
    // Another team's failures are not touched.
    const bbb = await db.query("SELECT count(*)::int AS n FROM failed_responses WHERE tag = 'BBB'");
    expect(bbb.rows).toEqual([{ n: 1 }]);
  });
});

describe.each(dbKinds)('Data as of on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind);
  });
  afterAll(() => t.close());

  const lastPollAt = async () => (await t.app.inject({ method: 'GET', url: '/api/site' })).json().lastPollAt;
  // As a collector run does: the run's row and a new data version (GET /api/site is cached per version).
  const addRun = async (finished: string, ok: number, failed: number) => {
    const version = await t.db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO collector_runs (started_at, finished_at, snapshot_at, teams_ok, teams_failed) VALUES ($1, $1, $1, $2, $3)',
        [finished, ok, failed],
      );
      return bumpDataVersion(tx);
    });
    t.db.dataChanges.notify(version);
  };

  it('counts only runs in which a team was polled', async () => {
    expect(await lastPollAt()).toBeNull();
    await addRun('2026-03-10T17:50:07Z', 0, 3);
    expect(await lastPollAt()).toBeNull();
    await addRun('2026-03-10T18:00:09Z', 1, 2);
    await addRun('2026-03-10T18:10:08Z', 0, 3);
    expect(await lastPollAt()).toBe('2026-03-10T18:00:09.000Z');
  });
});
