/**
 * A stop (SIGTERM: main.ts stops the scheduler first) in the middle of a poll lets the team request
 * in flight finish and writes its answer, as the README says; a request that does not answer within
 * the grace is cancelled, so a stop stays short. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduler } from '../../server/collector/scheduler.js';
import type { Database } from '../../server/db/database.js';
import { GameSimulator } from '../../server/simulator/game-simulator.js';
import { startHeldGameApi, type HeldGameApi } from './held-game-api.js';
import { dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

const INTERVAL_MS = 10_000;

async function until(what: string, probe: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(dbKinds)('stopping the collector mid-poll on %s', (kind) => {
  const sim = new GameSimulator({ seed: 7, teams: 1, racersPerTeam: 4, start: new Date('2026-03-09T00:00:00Z') });
  const tag = sim.tags[0];
  const at = new Date('2026-03-10T18:00:00Z');
  const answer = sim.teamResponse(tag, at);
  const members = answer.status === 'OK' ? answer.results.members.length : 0;
  let db: Database;
  let game: HeldGameApi;

  beforeAll(async () => {
    db = await freshDatabase(kind);
    game = await startHeldGameApi(sim, at);
  });
  afterAll(async () => {
    game.release();
    await game.close();
    await db.close();
  });

  /** A scheduler whose clock is 100 ms before a slot's boundary: its run starts at once. */
  const startSoon = (stopGraceMs?: number) => {
    const shift = INTERVAL_MS - (Date.now() % INTERVAL_MS) - 100;
    return startScheduler({
      db,
      base: game.baseUrl,
      tz: TEST_TZ,
      now: () => new Date(Date.now() + shift),
      intervalMs: INTERVAL_MS,
      offsetMs: 10,
      tags: [tag],
      poll: { delayMs: 0, timeoutMs: 5_000 },
      stopGraceMs,
    });
  };
  const lastRun = async () =>
    (
      await db.query<{ teams_ok: number; teams_failed: number; done: boolean }>(
        'SELECT teams_ok, teams_failed, finished_at IS NOT NULL AS done FROM collector_runs ORDER BY id DESC LIMIT 1',
      )
    ).rows[0];

  it('lets the team request in flight finish, and writes its answer', async () => {
    game.hold();
    const scheduler = startSoon();
    await until('the team request', () => game.held === 1);
    const stopped = scheduler.stop();
    // The game answers 300 ms into the stop.
    setTimeout(() => game.release(), 300);
    await stopped;
    expect(game.givenUp).toEqual([]);
    expect(await lastRun()).toEqual({ teams_ok: 1, teams_failed: 0, done: true });
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM memberships WHERE tag = $1 AND left_at IS NULL',
      [tag],
    );
    expect(members).toBeGreaterThan(0);
    expect(rows[0].n).toBe(members);
  });

  it('cancels a request still unanswered after the grace', async () => {
    game.hold();
    const scheduler = startSoon(500);
    await until('the team request', () => game.held === 1);
    const asked = Date.now();
    await scheduler.stop();
    const took = Date.now() - asked;
    expect(took).toBeGreaterThanOrEqual(400);
    expect(took).toBeLessThan(3_000);
    expect(game.givenUp).toHaveLength(1);
    expect(await lastRun()).toEqual({ teams_ok: 0, teams_failed: 1, done: true });
    game.release();
  });
});
