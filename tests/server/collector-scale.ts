/**
 * One scheduled collector run at scale, for the slot test and the collector bench: a simulated
 * community of `teams` teams behind the simulator server with the real site's latency, a
 * baseline poll already stored, and the scheduler's run for the 10-minute boundary just ahead
 * (its clock shifted so that boundary is 0.3 s away). Returns the run and when it finished.
 */
import { backfill } from '../../server/collector/backfill.js';
import type { PollRunSummary } from '../../server/collector/poll.js';
import { startScheduler, type SchedulerOptions } from '../../server/collector/scheduler.js';
import type { Database } from '../../server/db/database.js';
import { GameSimulator } from '../../server/simulator/game-simulator.js';
import { startSimulatorServer } from '../../server/simulator/server.js';
import { TEST_TZ } from './helpers.js';

export interface ScaleRunOptions {
  db: Database;
  teams: number;
  racersPerTeam: number;
  /** Each request's latency, drawn uniformly (the real site: 300-800 ms). */
  latencyMs: { min: number; max: number };
  /** The run's pacing; default the collector's defaults. */
  poll?: SchedulerOptions['poll'];
  /** The boundary the run belongs to. */
  boundary?: Date;
}

export interface ScaleRunResult {
  summary: PollRunSummary;
  boundary: Date;
  /** When the run was recorded as finished, after the boundary. */
  finishedAfterMs: number;
}

export async function scheduledRunAtScale(o: ScaleRunOptions): Promise<ScaleRunResult> {
  const boundary = o.boundary ?? new Date('2026-03-10T18:00:00Z');
  const sim = new GameSimulator({
    seed: 17,
    teams: o.teams,
    racersPerTeam: o.racersPerTeam,
    start: new Date(boundary.getTime() - 86_400_000),
  });
  // The previous slot's poll, as a baseline: this run's answers then give batches to write.
  const before = new Date(boundary.getTime() - 600_000);
  await backfill({
    db: o.db,
    tz: TEST_TZ,
    tags: sim.tags,
    from: before,
    to: before,
    source: (tag, at) => JSON.stringify(sim.teamResponse(tag, at)),
  });
  let shift = 0;
  const now = () => new Date(Date.now() + shift);
  const server = await startSimulatorServer({ sim, now, latencyMs: o.latencyMs });
  try {
    shift = boundary.getTime() - 300 - Date.now();
    let done: (r: ScaleRunResult) => void = () => {};
    const finished = new Promise<ScaleRunResult>((resolve) => (done = resolve));
    const scheduler = startScheduler({
      db: o.db,
      base: server.baseUrl,
      tz: TEST_TZ,
      now,
      tags: sim.tags,
      poll: o.poll,
      onRun: (summary) => done({ summary, boundary, finishedAfterMs: now().getTime() - boundary.getTime() }),
    });
    try {
      return await finished;
    } finally {
      await scheduler.stop();
    }
  } finally {
    await server.close();
  }
}
