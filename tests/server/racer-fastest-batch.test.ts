/**
 * The Bests tab's fastest batch (server/db/racer-pages-repo.ts `fastestBatch`): a racer on two
 * teams in one slot has the slot's rows added up, also in the last slot of a 25-hour (fall back)
 * or 23-hour (spring forward) site day; a tie keeps the earlier batch; and on a seeded history
 * with team overlaps and many ties it answers as the plain GROUP BY over every slot does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchRow } from '../../server/db/batch-writer.js';
import { fastestBatch } from '../../server/db/racer-pages-repo.js';
import { Rng } from '../../server/simulator/random.js';
import { addBatches, addRacer, addTeam, dbKinds, testApp, TEST_TZ, type TestContext } from './helpers.js';

const at = (iso: string) => new Date(iso);

/** Every slot added up, then the highest WPM with 5+ races, the earliest on a tie. */
const PLAIN_FASTEST = `
  SELECT to_char(end_time AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI:SS') AS "endTime", n,
         to_char(end_time AT TIME ZONE $2, 'YYYY-MM-DD') AS day, races, typed, errs, secs, points
    FROM (SELECT end_time, count(*)::int AS n, sum(races)::int AS races, sum(typed::float8) AS typed, sum(errs::float8) AS errs,
                 sum(secs::float8) AS secs, sum(points) AS points
            FROM batches WHERE user_id = $1 GROUP BY end_time) b
   WHERE races >= 5 AND secs > 0
   ORDER BY typed / secs DESC, end_time
   LIMIT 1`;

/** Four site days of 10-minute slots, every other one on TEST only, the others on up to three teams. */
function seededHistory(userId: number, seed: number): Omit<BatchRow, 'lifetimeRaces'>[] {
  const rng = new Rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng.next() * xs.length)];
  const rows: Omit<BatchRow, 'lifetimeRaces'>[] = [];
  const start = Date.parse('2026-04-01T05:00:00Z'); // 00:00 CDT
  for (let slot = 0; slot < 4 * 144; slot++) {
    const day = Math.floor(slot / 144);
    const tags = (day + seed) % 2 === 0 ? ['TEST'] : ['TEST', 'OTHER', 'THIRD'].filter(() => rng.next() < 0.6);
    for (const tag of tags) {
      const races = pick([0, 1, 2, 3, 4, 5, 6]);
      // Few distinct speeds: many ties between slots, within and across the two kinds of day.
      const typed = races ? pick([500, 1000, 1500]) : 0;
      rows.push({
        userId,
        tag,
        endTime: new Date(start + (slot + 1) * 600_000),
        races,
        typed,
        errs: typed ? pick([0, 5, 10]) : 0,
        secs: races ? pick([60, 120]) : 0,
        displayName: null,
      });
    }
  }
  return rows;
}

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe.each(dbKinds)('fastest batch on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp(kind);
    for (const tag of ['TEST', 'OTHER', 'THIRD']) await addTeam(t.db, tag);
    await addRacer(t.db, { userId: 201, username: 'erin', tag: 'TEST' });
    await addRacer(t.db, { userId: 202, username: 'fred', tag: 'TEST' });
    await addBatches(t.db, [
      // 23:50 CST on 11-01, a 25-hour day (05:00Z to 06:00Z the next day). TEST alone: 6 races at
      // 300 WPM; with OTHER's slow race the slot is 7 races, typed 3,500 in 600 s = 70 WPM.
      { userId: 201, tag: 'TEST', endTime: at('2026-11-02T05:50:00Z'), races: 6, typed: 3000, errs: 0, secs: 120 },
      { userId: 201, tag: 'OTHER', endTime: at('2026-11-02T05:50:00Z'), races: 1, typed: 500, errs: 0, secs: 480 },
      // 12:00 CST on 11-03: 5 races, 400 words in 2 minutes = 200 WPM, accuracy 1 − 20 / 2,000.
      { userId: 201, tag: 'TEST', endTime: at('2026-11-03T18:00:00Z'), races: 5, typed: 2000, errs: 20, secs: 120 },
      // 600 WPM on 4 races: too few.
      { userId: 201, tag: 'TEST', endTime: at('2026-11-03T18:10:00Z'), races: 4, typed: 3000, errs: 0, secs: 60 },
      // 200 WPM again a day later: the earlier one stays the record.
      { userId: 201, tag: 'TEST', endTime: at('2026-11-04T18:00:00Z'), races: 7, typed: 2000, errs: 0, secs: 120 },
      // 23:50 CDT on 03-08, a 23-hour day: 3 + 2 races, typed 2,500 in 120 s = 250 WPM, errs 25.
      { userId: 202, tag: 'TEST', endTime: at('2026-03-09T04:50:00Z'), races: 3, typed: 1000, errs: 10, secs: 60 },
      { userId: 202, tag: 'OTHER', endTime: at('2026-03-09T04:50:00Z'), races: 2, typed: 1500, errs: 15, secs: 60 },
      // 240 WPM on one team.
      { userId: 202, tag: 'TEST', endTime: at('2026-03-10T17:00:00Z'), races: 10, typed: 2400, errs: 0, secs: 120 },
    ]);
    for (const seed of SEEDS) {
      await addRacer(t.db, { userId: 300 + seed, username: `seeded${seed}`, tag: 'TEST' });
      await addBatches(t.db, seededHistory(300 + seed, seed));
    }
  });
  afterAll(() => t.close());

  const fastestOf = async (username: string) => {
    const res = await t.app.inject(`/api/racer-bests?username=${username}`);
    expect(res.statusCode).toBe(200);
    return res.json().bests.find((b: { kind: string }) => b.kind === 'fastest-batch');
  };

  it('adds up a slot on two teams in the last slot of a 25-hour day, and keeps the earlier of a tie', async () => {
    const fastest = await fastestOf('erin');
    expect(fastest).toMatchObject({
      at: '2026-11-03 12:00:00',
      from: '2026-11-03',
      to: '2026-11-03',
      races: 5,
      wpm: 200,
    });
    expect(fastest.accuracy).toBeCloseTo(0.99, 12);
  });

  it('counts a slot that reaches 5 races only on two teams together, at the end of a 23-hour day', async () => {
    const fastest = await fastestOf('fred');
    expect(fastest).toMatchObject({
      at: '2026-03-08 23:50:00',
      from: '2026-03-08',
      to: '2026-03-08',
      races: 5,
      wpm: 250,
    });
    expect(fastest.accuracy).toBeCloseTo(0.99, 12);
  });

  it('answers as adding up every slot does on histories with team overlaps and ties', async () => {
    let shared = 0;
    for (const seed of SEEDS) {
      const { rows } = await t.db.query<Record<string, string | number>>(PLAIN_FASTEST, [300 + seed, TEST_TZ]);
      expect(rows).toHaveLength(1);
      const plain = rows[0];
      if (Number(plain.n) > 1) shared++;
      expect(await fastestBatch(t.db, 300 + seed, TEST_TZ), `seed ${seed}`).toEqual({
        endTime: plain.endTime,
        day: plain.day,
        races: Number(plain.races),
        typed: Number(plain.typed),
        errs: Number(plain.errs),
        secs: Number(plain.secs),
        points: Number(plain.points),
      });
    }
    // Some of the records are slots on several teams.
    expect(shared).toBeGreaterThan(0);
    expect(shared).toBeLessThan(SEEDS.length);
  });
});
