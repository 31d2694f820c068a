/**
 * A collector run keeps its 10-minute slot: no request is started that could end after the slot
 * (the teams left are skipped and logged), no retry waits past it, and a slot the scheduler
 * cannot keep is logged and skipped, never stacked. Against the simulated game over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollTeams } from '../../server/collector/poll.js';
import { startScheduler } from '../../server/collector/scheduler.js';
import type { Database } from '../../server/db/database.js';
import { GameSimulator } from '../../server/simulator/game-simulator.js';
import { startSimulatorServer, type SimulatorServer } from '../../server/simulator/server.js';
import { count } from './collector-helpers.js';
import { scheduledRunAtScale } from './collector-scale.js';
import { dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

const MIN = 60_000;

function recordingLogger() {
  const warnings: Array<{ obj: Record<string, unknown>; msg?: string }> = [];
  return {
    warnings,
    logger: {
      info() {},
      error() {},
      warn: (obj: object, msg?: string) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
    },
  };
}

describe.each(dbKinds)('a collector run keeps its slot on %s', (kind) => {
  let db: Database;
  let sim: GameSimulator;
  let server: SimulatorServer;
  /** Answers given so far: the simulated clock below moves two minutes with each one. */
  let answered = 0;
  let simNow = new Date('2026-03-10T18:00:05Z');

  beforeAll(async () => {
    db = await freshDatabase(kind);
    sim = new GameSimulator({ seed: 21, teams: 8, racersPerTeam: 5, start: new Date('2026-03-09T18:00:00Z') });
    server = await startSimulatorServer({
      sim,
      now: () => {
        answered++;
        return simNow;
      },
    });
    sim.teamResponse(sim.tags[0], simNow);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('starts no request that could end after the slot, and logs and skips the teams left', async () => {
    const start = new Date('2026-03-10T18:00:05Z');
    answered = 0;
    const { warnings, logger } = recordingLogger();
    const tags = [...sim.tags].sort();
    const run = await pollTeams({
      db,
      base: server.baseUrl,
      tags,
      now: start,
      // Each answer takes two minutes of the slot: team k starts at 18:00:05 + 2k min.
      clock: () => new Date(start.getTime() + answered * 2 * MIN),
      deadline: new Date('2026-03-10T18:10:00Z'),
      tz: TEST_TZ,
      concurrency: 1,
      delayMs: 0,
      logger,
    });
    // With the 20 s request timeout, the last start is k = 4 (18:08:05 + 20 s <= 18:10:00); 18:10:05 is too late.
    expect(run.teams.map((t) => t.ok && [t.tag, t.fetchedAt.toISOString()])).toEqual([
      [tags[0], '2026-03-10T18:02:05.000Z'],
      [tags[1], '2026-03-10T18:04:05.000Z'],
      [tags[2], '2026-03-10T18:06:05.000Z'],
      [tags[3], '2026-03-10T18:08:05.000Z'],
      [tags[4], '2026-03-10T18:10:05.000Z'],
    ]);
    expect(run).toMatchObject({ ok: 5, failed: 0, skipped: tags.slice(5) });
    const skippedLog = warnings.find((w) => w.msg === 'slot ending: teams left unpolled in this run');
    expect(skippedLog?.obj).toMatchObject({ skipped: 3, tags: tags.slice(5), deadline: '2026-03-10T18:10:00.000Z' });
    const r = await db.query('SELECT teams_ok, teams_failed FROM collector_runs WHERE id = $1', [run.runId]);
    expect(r.rows).toEqual([{ teams_ok: 5, teams_failed: 3 }]);
  });

  it('gives up a rate-limited team when the wait would cross the slot’s end', async () => {
    const [a, b, c] = [...sim.tags].sort();
    const at = new Date('2026-03-10T18:29:00Z');
    simNow = at;
    const { warnings, logger } = recordingLogger();
    server.injectFault(a, '429');
    const started = Date.now();
    const run = await pollTeams({
      db,
      base: server.baseUrl,
      tags: [a, b, c],
      now: at,
      clock: () => at,
      deadline: new Date('2026-03-10T18:30:00Z'),
      tz: TEST_TZ,
      delayMs: 0,
      logger,
    });
    // The 429 says Retry-After: 60: 18:29:00 + 60 s + the 20 s timeout is past 18:30:00.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.teams.find((t) => t.tag === a)).toMatchObject({
      ok: false,
      attempts: 1,
      httpStatus: 429,
      error: 'rate limited: HTTP 429 (slot ending, not retried)',
    });
    expect(run).toMatchObject({ ok: 2, failed: 1, skipped: [] });
    expect(warnings.map((w) => w.msg)).toContain('rate limited, no time left in the slot to retry');
  });

  it('skips a slot it cannot keep instead of stacking runs, and logs it', async () => {
    let shift = 0;
    const now = () => new Date(Date.now() + shift);
    const { warnings, logger } = recordingLogger();
    const runsBefore = await count(db, 'collector_runs');
    const seen: Array<{ start: number; end: number }> = [];
    const scheduler = startScheduler({
      db,
      base: server.baseUrl,
      tz: TEST_TZ,
      now,
      logger,
      tags: [sim.tags[0]],
      intervalMs: 1_000,
      offsetMs: 10,
      poll: { delayMs: 0, timeoutMs: 300 },
      onRun: (s) => {
        seen.push({ start: s.snapshotAt.getTime(), end: now().getTime() });
        // The first run ends 2.5 s late by the clock (a slow write, a suspended machine): the slots
        // it ran into are skipped. After the second, the clock jumps while the next run waits.
        if (seen.length === 1) shift += 2_500;
        if (seen.length === 2) setTimeout(() => (shift += 1_500), 50);
      },
    });
    try {
      while (seen.length < 3) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await scheduler.stop();
    }
    const [first, second, third] = seen;
    // Each run starts at a boundary plus the 10 ms offset (and the timer's own lateness).
    for (const s of seen) expect(s.start % 1_000).toBeGreaterThanOrEqual(10);
    for (const s of seen) expect(s.start % 1_000).toBeLessThan(500);
    const slotOf = (s: { start: number }) => Math.floor(s.start / 1_000);
    // The first run's clock jumped 2.5 s: the two slots after it are skipped; the timer of the
    // third found its slot over and skipped it too.
    expect(slotOf(second) - slotOf(first)).toBeGreaterThanOrEqual(3);
    expect(slotOf(third) - slotOf(second)).toBeGreaterThanOrEqual(2);
    const missed = warnings.filter((w) => w.msg?.startsWith('collector slot missed'));
    expect(missed.map((w) => w.msg)).toContain(
      'collector slot missed (the previous run or the machine ran late): skipped, not stacked',
    );
    expect(missed.map((w) => w.msg)).toContain('collector slot missed (the timer fired after the slot ended): skipped');
    expect(missed[0].obj.missed).toBeGreaterThanOrEqual(2);
    // Never two runs at once, and no burst of catch-up runs: one record per run seen.
    for (let i = 1; i < seen.length; i++) expect(seen[i].start).toBeGreaterThanOrEqual(seen[i - 1].end);
    expect(await count(db, 'collector_runs')).toBe(runsBefore + seen.length);
  });
});

// SLOW (about a minute): 200 teams, every request held back 300-800 ms like the real site, through
// the scheduler with the collector's default pacing. On PGlite, whose writes run on the collector's
// own thread while the other lanes wait for their answers. Teams of 10 keep the write cost (the
// storage's concern) from deciding the outcome on a busy machine; bench/collector.bench.ts times
// teams of 50.
describe('200 teams in one slot (slow: about a minute)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase('pglite');
  });
  afterAll(() => db.close());

  it('polls every team within 60 s of the boundary, each stamped with its own fetch time', async () => {
    const { summary, boundary, finishedAfterMs } = await scheduledRunAtScale({
      db,
      teams: 200,
      racersPerTeam: 10,
      latencyMs: { min: 300, max: 800 },
    });
    expect(summary).toMatchObject({ ok: 200, failed: 0, skipped: [] });
    expect(finishedAfterMs).toBeLessThanOrEqual(60_000);
    // A sequential run would need at least 200 × 300 ms of answers alone: the lanes overlapped.
    const stamps = summary.teams.map((t) => (t.ok ? t.fetchedAt.getTime() - boundary.getTime() : NaN));
    expect(Math.min(...stamps)).toBeGreaterThanOrEqual(5_000);
    expect(Math.max(...stamps)).toBeLessThanOrEqual(finishedAfterMs);
    expect(new Set(stamps).size).toBeGreaterThan(150);
    const stored = await db.query<{ tag: string; t: Date }>(
      'SELECT tag, fetched_at AS t FROM raw_responses WHERE fetched_at >= $1',
      [boundary.toISOString()],
    );
    const want = new Map(summary.teams.map((t) => [t.tag, t.ok ? t.fetchedAt.toISOString() : '']));
    expect(new Map(stored.rows.map((r) => [r.tag, new Date(r.t).toISOString()]))).toEqual(want);
    const batches = await db.query<{ end_time: Date; n: number }>(
      'SELECT end_time, count(*)::int AS n FROM batches GROUP BY end_time',
    );
    expect(batches.rows.map((r) => new Date(r.end_time).toISOString())).toEqual([boundary.toISOString()]);
    expect(batches.rows[0].n).toBeGreaterThan(100);
  }, 120_000);
});
