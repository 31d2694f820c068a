import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { startDemoCommunity, type DemoCommunity } from '../../server/demo/demo-community.js';
import { eventStatus } from '../../rules/event-status.js';
import { findEvent, racerTeamTotals } from '../../server/db/events-repo.js';
import { participants } from '../../rules/event-results.js';
import { buildPayouts } from '../../rules/payouts.js';
import { freshDatabase, TEST_TZ } from './helpers.js';

const quiet = { info: () => {} };
const HOUR = 3_600_000;

describe('demo community', () => {
  let db: Database;
  let demo: DemoCommunity;
  let now = new Date('2026-11-20T18:03:00Z');

  beforeAll(async () => {
    db = await freshDatabase('pglite');
    demo = await startDemoCommunity({
      db,
      tz: TEST_TZ,
      log: quiet,
      now: () => now,
      teams: 4,
      racersPerTeam: 15,
      days: 3,
    });
  }, 120_000);
  afterAll(async () => {
    await demo.close();
    await db.close();
  });

  it('tracks every simulated team with its info', async () => {
    const { rows } = await db.query<{ tag: string; name: string | null }>(
      'SELECT tag, name FROM teams WHERE tracked ORDER BY tag',
    );
    expect(rows.map((r) => r.tag)).toEqual([...demo.tags].sort());
    expect(rows.every((r) => r.name)).toBe(true);
  });

  it('backfills 10-minute batches over the whole history, all on slot boundaries', async () => {
    const { rows } = await db.query<{ n: number; first: Date; last: Date; off: number }>(
      `SELECT count(*)::int AS n, min(end_time) AS first, max(end_time) AS last,
              count(*) FILTER (WHERE extract(epoch FROM end_time)::bigint % 600 <> 0)::int AS off FROM batches`,
    );
    expect(rows[0].n).toBeGreaterThan(500);
    expect(rows[0].off).toBe(0);
    expect(now.getTime() - rows[0].first.getTime()).toBeGreaterThan(2.5 * 24 * HOUR);
    expect(rows[0].last.toISOString()).toBe('2026-11-20T18:00:00.000Z');
  });

  it('creates pending, active and concluded events, one of them pay-to-play', async () => {
    const { rows } = await db.query<{
      start_time: Date;
      end_time: Date;
      payout_increment: number | null;
      teams: number;
    }>(
      'SELECT e.start_time, e.end_time, e.payout_increment, (SELECT count(*)::int FROM event_teams t WHERE t.event_id = e.event_id) AS teams FROM events e',
    );
    const statuses = rows.map((e) => eventStatus(e.start_time, e.end_time, now));
    expect(new Set(statuses)).toEqual(new Set(['Pending', 'Active', 'Concluded']));
    expect(rows.some((e) => (e.payout_increment ?? 0) > 0)).toBe(true);
    expect(rows.every((e) => e.teams >= 1 && e.teams <= 10)).toBe(true);
  });

  it('gives each event its first team as owner; flagged racers win nothing in the pay-to-play event', async () => {
    const { rows } = await db.query<{ event_id: number; owner_tag: string; first: string; pays: boolean }>(
      `SELECT e.event_id, e.owner_tag, e.pay_flagged AS pays,
              (SELECT t.tag FROM event_teams t WHERE t.event_id = e.event_id ORDER BY t.position LIMIT 1) AS first
         FROM events e`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect([r.owner_tag, r.pays]).toEqual([r.first, false]);
    const p2p = (await db.query<{ event_id: number }>('SELECT event_id FROM events WHERE payout_increment > 0'))
      .rows[0];
    const ev = (await findEvent(db, p2p.event_id, TEST_TZ, now))!;
    const list = buildPayouts(participants(await racerTeamTotals(db, ev, TEST_TZ), ev.tags, ev.event), []);
    const winners = list.payouts.filter((r) => r.Winnings !== null);
    expect(winners.length).toBeGreaterThan(0);
    expect(winners.every((r) => r.bot === 0)).toBe(true);
    expect(list.payouts.filter((r) => r.bot === 1).every((r) => r.Winnings === null)).toBe(true);
  });

  it('assigns squads to current members and flags the simulated bots', async () => {
    const squads = await db.query<{ n: number; strangers: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM memberships m WHERE m.tag = s.tag AND m.user_id = s.user_id))::int AS strangers
         FROM squad_assignments s`,
    );
    expect(squads.rows[0].n).toBeGreaterThan(5);
    expect(squads.rows[0].strangers).toBe(0);
  });

  it('catches up on a restart without writing anything twice', async () => {
    await demo.close();
    const before = (
      await db.query<{ n: number; races: number }>('SELECT count(*)::int AS n, sum(races)::int AS races FROM batches')
    ).rows[0];
    now = new Date(now.getTime() + 2 * HOUR);
    demo = await startDemoCommunity({ db, tz: TEST_TZ, log: quiet, now: () => now });
    const after = (
      await db.query<{ n: number; races: number; last: Date }>(
        'SELECT count(*)::int AS n, sum(races)::int AS races, max(end_time) AS last FROM batches',
      )
    ).rows[0];
    expect(after.n).toBeGreaterThan(before.n);
    expect(after.last.toISOString()).toBe('2026-11-20T20:00:00.000Z');
    // Rollups still equal their batches after the catch-up.
    const check = (
      await db.query<{ b: number; h: number; d: number }>(
        `SELECT (SELECT sum(races) FROM batches)::int AS b, (SELECT sum(races) FROM hourly_rollups)::int AS h, (SELECT sum(races) FROM daily_rollups)::int AS d`,
      )
    ).rows[0];
    expect(check.h).toBe(check.b);
    expect(check.d).toBe(check.b);
    // A second start at the same time changes nothing.
    await demo.close();
    demo = await startDemoCommunity({ db, tz: TEST_TZ, log: quiet, now: () => now });
    const again = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM batches')).rows[0];
    expect(again.n).toBe(after.n);
  }, 120_000);
});
