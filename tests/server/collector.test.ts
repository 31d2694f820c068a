/**
 * The collector against the simulated game over real HTTP: polls, faults (429, 403, an HTML page,
 * truncated JSON, a timeout, a 500), recovery, the run record, the schedule and the lock.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameMember, GameTeamResponse } from '../../server/collector/game-api.js';
import { COLLECTOR_LOCK, withCollectorLock } from '../../server/db/collector-lock.js';
import { pollTeams, type PollOptions } from '../../server/collector/poll.js';
import { startScheduler } from '../../server/collector/scheduler.js';
import { GameSimulator } from '../../server/simulator/game-simulator.js';
import { startSimulatorServer, type SimulatorServer } from '../../server/simulator/server.js';
import type { Database } from '../../server/db/database.js';
import { count } from './collector-helpers.js';
import { dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

const T0 = new Date('2026-03-10T18:00:30Z');
const MIN = 60_000;
const slot = (d: Date) => new Date(Math.floor(d.getTime() / (10 * MIN)) * 10 * MIN).toISOString();

interface ExpectedBatch {
  user_id: number;
  tag: string;
  end_time: string;
  races: number;
  lifetime_races: number;
  typed: number;
  errs: number;
  secs: number;
}

/**
 * The batches the design's rules give between two answers of the game (fetched at `prevAt` and
 * `at`), computed from the JSON: counter deltas for a continuing membership, and every team race
 * since a join the previous answer could not have shown (from the start of its 10-minute slot).
 */
function expectedBatches(
  tag: string,
  before: GameTeamResponse,
  after: GameTeamResponse,
  prevAt: Date,
  at: Date,
): ExpectedBatch[] {
  const prev = new Map<number, GameMember>(before.results.members.map((m) => [m.userID, m]));
  const out: ExpectedBatch[] = [];
  for (const m of after.results.members) {
    const p = prev.get(m.userID);
    if (!p || p.joinStamp !== m.joinStamp) {
      if (m.joinStamp * 1000 < Date.parse(slot(prevAt)) || m.played === 0) continue;
      const lifetime = Math.max(p ? m.racesPlayed - p.racesPlayed : 0, m.played);
      out.push({
        user_id: m.userID,
        tag,
        end_time: slot(at),
        races: m.played,
        lifetime_races: lifetime,
        typed: m.typed,
        errs: m.errs,
        secs: m.secs,
      });
      continue;
    }
    const d = {
      played: m.played - p.played,
      rp: m.racesPlayed - p.racesPlayed,
      typed: m.typed - p.typed,
      errs: m.errs - p.errs,
      secs: m.secs - p.secs,
    };
    if (Object.values(d).some((x) => x < 0) || d.played === 0) continue;
    out.push({
      user_id: m.userID,
      tag,
      end_time: slot(at),
      races: d.played,
      lifetime_races: d.rp,
      typed: d.typed,
      errs: d.errs,
      secs: d.secs,
    });
  }
  return out.sort((a, b) => a.user_id - b.user_id);
}

describe.each(dbKinds)('collector against the simulated game on %s', (kind) => {
  let db: Database & { url?: string };
  let sim: GameSimulator;
  let server: SimulatorServer;
  let simNow = T0;
  const answers = new Map<string, GameTeamResponse>();
  /** When each team's answer in `answers` was fetched. */
  const answeredAt = new Map<string, Date>();
  const remember = (tag: string, at: Date) => {
    answers.set(tag, answer(tag, at));
    answeredAt.set(tag, at);
  };

  const run = (at: Date, extra: Partial<PollOptions> = {}) => {
    simNow = at;
    return pollTeams({
      db,
      base: server.baseUrl,
      now: at,
      tz: TEST_TZ,
      delayMs: 0,
      // Above a PGlite write on a busy machine: in concurrent lanes, one team's write (on this
      // thread) runs while the others' requests are in flight.
      timeoutMs: 1_500,
      backoff: { baseMs: 5, maxMs: 20, retries: 3 },
      ...extra,
    });
  };
  const answer = (tag: string, at: Date) => sim.teamResponse(tag, at) as GameTeamResponse;
  const batchesAt = async (tag: string, at: Date) =>
    (
      await db.query<ExpectedBatch>(
        'SELECT user_id, tag, end_time, races, lifetime_races, typed, errs, secs FROM batches WHERE tag = $1 AND end_time = $2 ORDER BY user_id',
        [tag, slot(at)],
      )
    ).rows.map((r) => ({ ...r, end_time: new Date(r.end_time).toISOString() }));

  beforeAll(async () => {
    db = await freshDatabase(kind);
    sim = new GameSimulator({ seed: 11, teams: 3, racersPerTeam: 14, start: new Date('2026-03-08T12:00:00Z') });
    server = await startSimulatorServer({ sim, now: () => simNow });
    for (const tag of sim.tags) await db.query('INSERT INTO teams (tag) VALUES ($1)', [tag]);
    await db.query("INSERT INTO teams (tag, tracked) VALUES ('UNTRACKED', false)");
    // The simulator's first answer computes two days of history; not inside the first poll's timeouts.
    sim.teamResponse(sim.tags[0], T0);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('takes the first poll of every tracked team as a baseline and records the run', async () => {
    const r = await run(T0);
    expect(r.teams.map((t) => t.tag)).toEqual([...sim.tags].sort());
    expect(r).toMatchObject({ ok: 3, failed: 0 });
    for (const tag of sim.tags) remember(tag, T0);
    const members = sim.tags.reduce((n, tag) => n + answers.get(tag)!.results.members.length, 0);
    expect(await count(db, 'member_snapshots')).toBe(members);
    expect(await count(db, 'memberships')).toBe(members);
    expect(await count(db, 'batches')).toBe(0);
    const { rows } = await db.query<{
      snapshot_at: Date;
      finished_at: Date | null;
      teams_ok: number;
      teams_failed: number;
    }>('SELECT snapshot_at, finished_at, teams_ok, teams_failed FROM collector_runs WHERE id = $1', [r.runId]);
    expect(rows[0]).toMatchObject({ teams_ok: 3, teams_failed: 0 });
    expect(new Date(rows[0].snapshot_at).toISOString()).toBe(T0.toISOString());
    expect(rows[0].finished_at).not.toBeNull();
  });

  it('writes exactly the batches the counters give 10 minutes later', async () => {
    const t1 = new Date(T0.getTime() + 10 * MIN);
    const r = await run(t1);
    expect(r).toMatchObject({ ok: 3, failed: 0 });
    let total = 0;
    for (const tag of sim.tags) {
      const after = answer(tag, t1);
      const want = expectedBatches(tag, answers.get(tag)!, after, answeredAt.get(tag)!, t1);
      total += want.length;
      expect(await batchesAt(tag, t1)).toEqual(want);
      remember(tag, t1);
    }
    expect(total).toBeGreaterThan(0);
    expect(await count(db, 'batches')).toBe(total);
  });

  it('retries a 429 and an HTML challenge page, records a truncated body, and writes nothing twice', async () => {
    const [a, b, c] = [...sim.tags].sort();
    const t2 = new Date(T0.getTime() + 20 * MIN);
    const failedBefore = await count(db, 'failed_responses');
    server.injectFault(a, '429');
    server.injectFault(b, 'html');
    server.injectFault(c, 'truncated');
    const r = await run(t2);
    expect(r).toMatchObject({ ok: 2, failed: 1 });
    expect(r.teams.find((t) => t.tag === a)).toMatchObject({ ok: true, attempts: 2 });
    expect(r.teams.find((t) => t.tag === b)).toMatchObject({ ok: true, attempts: 2 });
    expect(r.teams.find((t) => t.tag === c)).toMatchObject({
      ok: false,
      attempts: 1,
      httpStatus: 200,
      error: expect.stringMatching(/^json:/),
    });
    // The teams are fetched in concurrent lanes: their failures are compared in tag order.
    const failed = await db.query<{ tag: string; http_status: number; error: string; body: string }>(
      'SELECT tag, http_status, error, body FROM (SELECT * FROM failed_responses ORDER BY id OFFSET $1) f ORDER BY tag',
      [failedBefore],
    );
    expect(failed.rows.map((f) => [f.tag, f.http_status, f.error.split(':')[0]])).toEqual([
      [a, 429, 'rate limited'],
      [b, 200, 'rate limited'],
      [c, 200, 'json'],
    ]);
    expect(failed.rows[1].body).toMatch(/<html/i);
    for (const tag of [a, b]) {
      const after = answer(tag, t2);
      expect(await batchesAt(tag, t2)).toEqual(
        expectedBatches(tag, answers.get(tag)!, after, answeredAt.get(tag)!, t2),
      );
      remember(tag, t2);
    }
    expect(await batchesAt(c, t2)).toEqual([]);
    const run2 = await db.query('SELECT teams_ok, teams_failed FROM collector_runs WHERE id = $1', [r.runId]);
    expect(run2.rows[0]).toEqual({ teams_ok: 2, teams_failed: 1 });
  });

  it('recovers on the next poll with one batch covering the gap for the team that failed', async () => {
    const c = [...sim.tags].sort()[2];
    const t3 = new Date(T0.getTime() + 30 * MIN);
    const r = await run(t3);
    expect(r).toMatchObject({ ok: 3, failed: 0 });
    for (const tag of sim.tags) {
      const after = answer(tag, t3);
      // For the team that failed at t2 the baseline is still t1's: the batch spans both slots.
      expect(await batchesAt(tag, t3)).toEqual(
        expectedBatches(tag, answers.get(tag)!, after, answeredAt.get(tag)!, t3),
      );
      remember(tag, t3);
    }
    const gap = expectedBatches(
      c,
      answer(c, new Date(T0.getTime() + 10 * MIN)),
      answers.get(c)!,
      new Date(T0.getTime() + 10 * MIN),
      t3,
    );
    expect(gap.length).toBeGreaterThan(0);
  });

  it('gives up after the retries on a lasting block, and fails a timeout and a 500 without writing', async () => {
    const [a, b, c] = [...sim.tags].sort();
    const t4 = new Date(T0.getTime() + 40 * MIN);
    const batchesBefore = await count(db, 'batches');
    const failedBefore = await count(db, 'failed_responses');
    server.injectFault(a, '403', 4);
    server.injectFault(b, 'timeout');
    server.injectFault(c, '500');
    const r = await run(t4);
    expect(r).toMatchObject({ ok: 0, failed: 3 });
    expect(r.teams.find((t) => t.tag === a)).toMatchObject({ ok: false, attempts: 4, httpStatus: 403 });
    expect(r.teams.find((t) => t.tag === b)).toMatchObject({
      ok: false,
      attempts: 1,
      httpStatus: null,
      error: expect.stringMatching(/^timeout/),
    });
    expect(r.teams.find((t) => t.tag === c)).toMatchObject({ ok: false, attempts: 1, httpStatus: 500 });
    expect(await count(db, 'failed_responses')).toBe(failedBefore + 6);
    expect(await count(db, 'batches')).toBe(batchesBefore);

    const t5 = new Date(T0.getTime() + 50 * MIN);
    expect(await run(t5)).toMatchObject({ ok: 3, failed: 0 });
    for (const tag of sim.tags) {
      const after = answer(tag, t5);
      expect(await batchesAt(tag, t5)).toEqual(
        expectedBatches(tag, answers.get(tag)!, after, answeredAt.get(tag)!, t5),
      );
      expect(await batchesAt(tag, t4)).toEqual([]);
      remember(tag, t5);
    }
  });

  it('adds up: every member’s batches equal the growth of their counters since the first poll', async () => {
    const first = new Map<string, GameTeamResponse>(sim.tags.map((tag) => [tag, answer(tag, T0)]));
    const last = new Map<string, GameTeamResponse>(
      sim.tags.map((tag) => [tag, answer(tag, new Date(T0.getTime() + 50 * MIN))]),
    );
    const { rows } = await db.query<{ tag: string; user_id: number; races: number; typed: number; secs: number }>(
      'SELECT tag, user_id, sum(races)::int AS races, sum(typed)::int AS typed, sum(secs)::int AS secs FROM batches GROUP BY tag, user_id',
    );
    const got = new Map(rows.map((r) => [`${r.tag}|${r.user_id}`, r]));
    let checked = 0;
    for (const tag of sim.tags) {
      const start = new Map(first.get(tag)!.results.members.map((m) => [m.userID, m]));
      for (const m of last.get(tag)!.results.members) {
        const s = start.get(m.userID);
        if (!s || s.joinStamp !== m.joinStamp) continue;
        const g = got.get(`${tag}|${m.userID}`);
        expect([g?.races ?? 0, g?.typed ?? 0, g?.secs ?? 0]).toEqual([
          m.played - s.played,
          m.typed - s.typed,
          m.secs - s.secs,
        ]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('writes nothing twice when the same instant is polled again', async () => {
    const t5 = new Date(T0.getTime() + 50 * MIN);
    const before = await db.query('SELECT sum(races)::int AS r, count(*)::int AS n FROM batches');
    expect(await run(t5)).toMatchObject({ ok: 3, failed: 0 });
    expect((await db.query('SELECT sum(races)::int AS r, count(*)::int AS n FROM batches')).rows).toEqual(before.rows);
  });

  it('runs on the schedule, never two runs at once, and stop() waits for the run in progress', async () => {
    const runsBefore = await count(db, 'collector_runs');
    const seen: Array<{ start: number; end: number }> = [];
    const scheduler = startScheduler({
      db,
      base: server.baseUrl,
      tz: TEST_TZ,
      // A slot long enough for a request and its 400 ms timeout (no request starts that could end after it).
      intervalMs: 1_000,
      offsetMs: 10,
      poll: { delayMs: 0, timeoutMs: 400, backoff: { baseMs: 5, maxMs: 20, retries: 1 } },
      onRun: (s) => seen.push({ start: s.snapshotAt.getTime(), end: Date.now() }),
    });
    const first = scheduler.nextRunAt()!;
    expect(first.getTime() % 1_000).toBe(10);
    while (seen.length < 2) await new Promise((r) => setTimeout(r, 20));
    // Make the next requests hang until their timeout, then stop while a run is in progress.
    server.injectFault('*', 'timeout', 3);
    while (!scheduler.running()) await new Promise((r) => setTimeout(r, 5));
    const stopAsked = Date.now();
    await scheduler.stop();
    expect(scheduler.running()).toBe(false);
    expect(scheduler.nextRunAt()).toBeNull();
    for (let i = 1; i < seen.length; i++) expect(seen[i].start).toBeGreaterThanOrEqual(seen[i - 1].end);
    expect(seen.at(-1)!.end).toBeGreaterThanOrEqual(stopAsked);
    const runs = await db.query<{ finished_at: Date | null }>(
      'SELECT finished_at FROM collector_runs ORDER BY id OFFSET $1',
      [runsBefore],
    );
    expect(runs.rows).toHaveLength(seen.length);
    expect(runs.rows.every((x) => x.finished_at !== null)).toBe(true);
    await new Promise((r) => setTimeout(r, 400));
    expect(await count(db, 'collector_runs')).toBe(runsBefore + seen.length);
  });

  it('stops a run after the team in progress when aborted', async () => {
    server.injectFault('*', 'timeout', 3);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const started = Date.now();
    const r = await run(new Date(T0.getTime() + 60 * MIN), { signal: ac.signal, timeoutMs: 5_000, concurrency: 1 });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(r.teams).toHaveLength(1);
    expect(r.teams[0]).toMatchObject({ ok: false, error: expect.stringMatching(/aborted/) });
    const { rows } = await db.query('SELECT teams_ok, teams_failed FROM collector_runs WHERE id = $1', [r.runId]);
    expect(rows).toEqual([{ teams_ok: 0, teams_failed: 1 }]);
  });

  it('stops every lane’s request in flight when aborted, writing nothing', async () => {
    const batchesBefore = await count(db, 'batches');
    server.injectFault('*', 'timeout', 3);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    const started = Date.now();
    const r = await run(new Date(T0.getTime() + 70 * MIN), { signal: ac.signal, timeoutMs: 5_000, concurrency: 3 });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(r.teams.map((t) => t.tag)).toEqual([...sim.tags].sort());
    for (const t of r.teams) expect(t).toMatchObject({ ok: false, error: 'stopped (aborted)' });
    expect(r.skipped).toEqual([]);
    expect(await count(db, 'batches')).toBe(batchesBefore);
  });

  it.runIf(kind === 'postgres')('skips the run while another process holds the collector lock', async () => {
    // Advisory locks belong to a database: the other process works on the same one.
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [COLLECTOR_LOCK]);
      let ran = false;
      expect(await withCollectorLock(db, async () => (ran = true))).toEqual({ acquired: false });
      expect(ran).toBe(false);
      await other.query('SELECT pg_advisory_unlock($1)', [COLLECTOR_LOCK]);
      expect(await withCollectorLock(db, async () => 'polled')).toEqual({ acquired: true, value: 'polled' });
    } finally {
      await other.end();
    }
  });
});
