/**
 * Demo mode: a simulated game community served over local HTTP, backfilled with 10-minute history
 * through the collector's own parse and diff code on first start, caught up on later starts, then
 * polled like the real game.
 */
import type { Database } from '../db/database.js';
import { trackTeam } from '../db/teams-repo.js';
import { getMeta, lastSnapshotAt, recordBackfillRun, setMeta } from '../db/demo-repo.js';
import { backfill } from '../collector/backfill.js';
import { GameSimulator } from '../simulator/game-simulator.js';
import { startSimulatorServer } from '../simulator/server.js';
import { floorTo10Minutes } from '../../rules/site-time.js';
import { seedDemoStaffData } from './sample-data.js';

export interface DemoOptions {
  db: Database;
  tz: string;
  log: { info(message: string): void };
  now: () => Date;
  teams?: number;
  racersPerTeam?: number;
  /** Days of history on first start (at least 30 for the real demo). */
  days?: number;
  seed?: number;
  /** Stops a backfill after its current day (the server is stopping). */
  signal?: AbortSignal;
}

export interface DemoCommunity {
  baseUrl: string;
  tags: string[];
  close(): Promise<void>;
}

const DAY = 24 * 3600 * 1000;

export async function startDemoCommunity(opts: DemoOptions): Promise<DemoCommunity> {
  const { db, tz, log } = opts;
  const days = opts.days ?? 31;
  // The community's shape is fixed at first start and reused, so later starts continue the same story.
  const stored = await getMeta(db, 'demo_community');
  const shape = stored
    ? (JSON.parse(stored) as { seed: number; teams: number; racersPerTeam: number; start: string; days: number })
    : {
        seed: opts.seed ?? 20261122,
        teams: opts.teams ?? 10,
        racersPerTeam: opts.racersPerTeam ?? 32,
        start: new Date(floorTo10Minutes(opts.now()).getTime() - (days + 5) * DAY).toISOString(),
        days,
      };
  const sim = new GameSimulator({
    seed: shape.seed,
    teams: shape.teams,
    racersPerTeam: shape.racersPerTeam,
    start: new Date(shape.start),
  });
  const source = (tag: string, at: Date) => JSON.stringify(sim.teamResponse(tag, at));
  const now = floorTo10Minutes(opts.now());

  if (!stored || !(await getMeta(db, 'demo_backfilled_to'))) {
    const started = new Date();
    // Kept first: a first start stopped during its backfill continues the same story on the next start.
    if (!stored) await setMeta(db, 'demo_community', JSON.stringify(shape));
    for (const tag of sim.tags) {
      await trackTeam(db, tag);
    }
    const from = new Date(now.getTime() - shape.days * DAY);
    log.info(`Demo: backfilling ${shape.days} days of 10-minute history for ${sim.tags.length} simulated teams...`);
    await backfill({ db, tz, tags: sim.tags, from, to: now, source, signal: opts.signal });
    await seedDemoStaffData(db, {
      tags: sim.tags,
      racers: sim.racerDirectory().map((r) => ({ userID: r.userID, tag: r.tag, isBot: r.isBot })),
      now,
      seed: shape.seed,
    });
    await setMeta(db, 'demo_backfilled_to', now.toISOString());
    await recordBackfillRun(db, started, now, sim.tags.length);
    log.info(`Demo: ready in ${((Date.now() - started.getTime()) / 1000).toFixed(1)} s.`);
  } else {
    const last = await getMeta(db, 'demo_backfilled_to');
    const lastPoll = await lastSnapshotAt(db);
    const since = new Date(Math.max(last ? Date.parse(last) : 0, lastPoll ? lastPoll.getTime() : 0));
    if (since.getTime() > 0 && now.getTime() - since.getTime() > 10 * 60_000) {
      log.info(`Demo: catching up on the history since ${since.toISOString()}...`);
      const started = new Date();
      await backfill({
        db,
        tz,
        tags: sim.tags,
        from: new Date(since.getTime() + 10 * 60_000),
        to: now,
        source,
        signal: opts.signal,
      });
      await setMeta(db, 'demo_backfilled_to', now.toISOString());
      await recordBackfillRun(db, started, now, sim.tags.length);
    }
  }

  const server = await startSimulatorServer({ sim, now: opts.now });
  return { baseUrl: server.baseUrl, tags: sim.tags, close: () => server.close() };
}
