/**
 * The bulk backfill leaves the database exactly as slot-by-slot live polling of the same answers
 * would: same batches, rollups, memberships, baselines, racers, team info and failed responses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill, SLOT_MS } from '../../server/collector/backfill.js';
import type { GameTeamResponse } from '../../server/collector/game-api.js';
import { GameSimulator } from '../../server/simulator/game-simulator.js';
import { writePoll } from '../../server/collector/write-poll.js';
import type { Database } from '../../server/db/database.js';
import { readDataVersion } from '../../server/db/data-version.js';
import { count, dumpCollectorTables } from './collector-helpers.js';
import { dbKinds, freshDatabase, TEST_TZ } from './helpers.js';

// Across a site-day boundary (Chicago midnight, 06:00Z) and the spring-forward hour of 2026-03-08.
const FROM = new Date('2026-03-08T03:00:00Z');
const TO = new Date('2026-03-08T10:00:00Z');
const MID = new Date('2026-03-08T06:30:00Z');

/**
 * The simulator's answers, edited so that every collector path is taken: a member missing for
 * a while (leaves, comes back), a username change, a counter reset, an HTML page and a truncated body.
 */
function makeSource() {
  const sim = new GameSimulator({ seed: 5, teams: 3, racersPerTeam: 10, start: new Date('2026-03-06T00:00:00Z') });
  const tags = [...sim.tags].sort();
  const slotIndex = (at: Date) => Math.round((at.getTime() - FROM.getTime()) / SLOT_MS);
  const cache = new Map<string, string>();
  const source = (tag: string, at: Date): string => {
    const key = `${tag}|${at.getTime()}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const i = slotIndex(at);
    const res = structuredClone(sim.teamResponse(tag, at)) as GameTeamResponse;
    let body: string;
    if (tag === tags[0]) {
      const members = res.results.members;
      const second = members[1];
      if (i >= 6 && i < 10) members.splice(1, 1);
      if (i >= 12 && second) second.username = `${second.username}x`;
      if (i >= 16 && members[2]) {
        // The game reset this member's team counters.
        members[2].played = Math.max(0, members[2].played - 1000);
        members[2].typed = Math.max(0, members[2].typed - 300_000);
      }
      body = JSON.stringify(res);
      if (i === 20) body = '<!DOCTYPE html><html><title>Just a moment...</title></html>';
      if (i === 21) body = body.slice(0, 300);
    } else {
      body = JSON.stringify(res);
    }
    cache.set(key, body);
    return body;
  };
  return { tags, source };
}

function roundPoints(d: Record<string, unknown[]>): Record<string, unknown[]> {
  const round = (rows: unknown[]) =>
    rows.map((r) => {
      const row = r as { points?: number };
      return row.points === undefined ? row : { ...row, points: Math.round(row.points * 1e6) / 1e6 };
    });
  return Object.fromEntries(Object.entries(d).map(([k, rows]) => [k, round(rows)]));
}

describe.each(dbKinds)('backfill on %s', (kind) => {
  let live: Database;
  let bulk: Database;
  const { tags, source } = makeSource();

  beforeAll(async () => {
    [live, bulk] = await Promise.all([freshDatabase(kind), freshDatabase(kind)]);
    for (const db of [live, bulk]) {
      for (const tag of tags) await db.query('INSERT INTO teams (tag, weekly_requirement) VALUES ($1, 100)', [tag]);
    }
    for (let t = FROM.getTime(); t <= TO.getTime(); t += SLOT_MS) {
      for (const tag of tags)
        await writePoll(live, { tag, at: new Date(t), httpStatus: 200, body: source(tag, new Date(t)) }, TEST_TZ);
    }
  }, 240_000);
  afterAll(async () => {
    await Promise.all([live?.close(), bulk?.close()]);
  });

  it('writes the same state as polling slot by slot', async () => {
    const progress: number[] = [];
    const r = await backfill({
      db: bulk,
      tz: TEST_TZ,
      tags,
      from: FROM,
      to: TO,
      source,
      onProgress: (p) => progress.push(p.slotsDone),
    });
    const slots = (TO.getTime() - FROM.getTime()) / SLOT_MS + 1;
    expect(r).toMatchObject({ slots, polls: slots * tags.length, failures: 2 });
    // One write per site-time day touched (Mar 7 and 8 in Chicago), the last at the end.
    expect(progress).toEqual([18, slots]);
    const [a, b] = [await dumpCollectorTables(live), await dumpCollectorTables(bulk)];
    expect(b).toEqual(a);
    expect(r.batches).toBe(a.batches.length);
    expect(await readDataVersion(bulk)).toBeGreaterThan(0);
  });

  it('exercised every path: batches, a member who left and came back, a reset, failures', async () => {
    expect(await count(live, 'batches')).toBeGreaterThan(20);
    const left = await live.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM memberships WHERE left_at IS NOT NULL',
    );
    expect(left.rows[0].n).toBeGreaterThanOrEqual(1);
    expect(await count(live, 'failed_responses')).toBe(2);
    const renamed = await live.query<{ n: number }>("SELECT count(*)::int AS n FROM racers WHERE username LIKE '%x'");
    expect(renamed.rows[0].n).toBeGreaterThanOrEqual(1);
    const days = await live.query<{ day: string; day_start: Date }>(
      'SELECT DISTINCT day, day_start FROM daily_rollups ORDER BY day',
    );
    expect(days.rows.map((d) => [d.day, new Date(d.day_start).toISOString()])).toEqual([
      ['2026-03-07', '2026-03-07T06:00:00.000Z'],
      ['2026-03-08', '2026-03-08T06:00:00.000Z'],
    ]);
  });

  it('writes nothing twice when the same range is backfilled again', async () => {
    const before = await dumpCollectorTables(bulk);
    const r = await backfill({ db: bulk, tz: TEST_TZ, tags, from: FROM, to: TO, source });
    expect(r.batches).toBe(0);
    const after = await dumpCollectorTables(bulk);
    // Every poll is older than the state reached: only the two unusable bodies are logged again.
    expect(after.failed_responses).toHaveLength(4);
    expect({ ...after, failed_responses: [] }).toEqual({ ...before, failed_responses: [] });
  });

  it('continues a backfill in two parts (a later catch-up) to the same state', async () => {
    const split = bulk;
    await split.exec(
      'TRUNCATE teams, racers, memberships, member_snapshots, batches, hourly_rollups, daily_rollups, raw_responses, failed_responses CASCADE',
    );
    for (const tag of tags) await split.query('INSERT INTO teams (tag, weekly_requirement) VALUES ($1, 100)', [tag]);
    await backfill({ db: split, tz: TEST_TZ, tags, from: FROM, to: MID, source });
    await backfill({ db: split, tz: TEST_TZ, tags, from: new Date(MID.getTime() + SLOT_MS), to: TO, source });
    // A day split between two writes sums its rollup points in another order: equal to 1e-9, not to the last bit.
    expect(roundPoints(await dumpCollectorTables(split))).toEqual(roundPoints(await dumpCollectorTables(live)));
  });
});
