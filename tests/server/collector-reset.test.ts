/**
 * A member's team counters restarting with the same join stamp (docs/product.md 'The numbers'): re-based
 * so at most one poll's races are lost and none counted twice, while a stale copy (everything falls,
 * or it recovers) keeps the baseline. Through writePoll, each poll sent twice, and through the
 * collector's real poll path with the database closed and opened again between polls, on both
 * databases. Every expected batch is worked out by hand.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollTeams } from '../../server/collector/poll.js';
import { writePoll } from '../../server/collector/write-poll.js';
import type { Database } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import { storedBatches, teamBody, type MemberSpec, type StoredBatch } from './collector-helpers.js';
import { createTestDatabase, dbKinds, freshDatabase, TEST_TZ, type DbKind } from './helpers.js';

const J = 1_767_225_600; // 2026-01-01T00:00:00Z
const POLLS = ['18:00', '18:10', '18:20', '18:30', '18:40', '18:50'].map((t) => `2026-03-10T${t}:20Z`);
const slot = (i: number) => POLLS[i].replace(':20Z', ':00.000Z');

/**
 * A member whose every race since the restart took 300 characters, 3 errors and 60 s: n races are
 * (300n/5)/(60n/60) = 60 WPM at 1 − 3n/300n = 0.99 accuracy, n × (100 + 30) × 0.99 = 128.7n points.
 */
const restarted = (userID: number, username: string, played: number, racesPlayed: number): MemberSpec => ({
  userID,
  username,
  played,
  racesPlayed,
  typed: 300 * played,
  errs: 3 * played,
  secs: 60 * played,
  joinStamp: J,
});
/** rex: the team counters restart, lifetime races keep rising: 1010 → 3 → 7 → 11 → 15 → 19. */
const rex = [restarted(41, 'rex', 1_010, 5_000), ...[3, 7, 11, 15, 19].map((p) => restarted(41, 'rex', p, 5_000 + p))];
/** sam: the same restart, lifetime races not rising (5,000 throughout): the low reading persists and grows. */
const sam = [restarted(42, 'sam', 1_010, 5_000), ...[3, 7, 11, 15, 19].map((p) => restarted(42, 'sam', p, 5_000))];
/** tia: a stale dip that recovers, lifetime races flat during the dip: 201 → 150 → 205, then idle. */
const tia0: MemberSpec = {
  userID: 43,
  username: 'tia',
  played: 201,
  racesPlayed: 1_000,
  typed: 60_300,
  errs: 603,
  secs: 12_060,
  joinStamp: J,
};
const tia205: MemberSpec = { ...tia0, played: 205, racesPlayed: 1_004, typed: 61_500, errs: 615, secs: 12_300 };
const tia = [tia0, { ...tia0, played: 150, typed: 45_000, errs: 450, secs: 9_000 }, tia205, tia205, tia205, tia205];
/** uma: everything falls (lifetime races too), stays low and grows, then recovers to 206. */
const uma0: MemberSpec = { ...tia0, userID: 44, username: 'uma' };
const uma206: MemberSpec = { ...uma0, played: 206, racesPlayed: 1_005, typed: 61_800, errs: 618, secs: 12_360 };
const uma = [
  uma0,
  { ...uma0, played: 150, racesPlayed: 990, typed: 45_000, errs: 450, secs: 9_000 },
  { ...uma0, played: 152, racesPlayed: 992, typed: 45_600, errs: 456, secs: 9_120 },
  uma206,
  uma206,
  uma206,
];

const batch = (userId: number, i: number, races: number, lifetime: number, points: number): StoredBatch => ({
  user_id: userId,
  end_time: slot(i),
  races,
  lifetime_races: lifetime,
  typed: 300 * races,
  errs: 3 * races,
  secs: 60 * races,
  points: expect.closeTo(points, 9) as unknown as number,
});

/** rex: all 19 races, 3 at the restart poll (lifetime +3 covers them), then 4 a poll (514.8 points). */
const REX_BATCHES = [
  batch(41, 1, 3, 3, 386.1),
  batch(41, 2, 4, 4, 514.8),
  batch(41, 3, 4, 4, 514.8),
  batch(41, 4, 4, 4, 514.8),
  batch(41, 5, 4, 4, 514.8),
];
/** sam: the first low poll's 3 races lost; re-based at the second (7 − 3 = 4 races), 16 of 19. */
const SAM_BATCHES = [
  batch(42, 2, 4, 0, 514.8),
  batch(42, 3, 4, 0, 514.8),
  batch(42, 4, 4, 0, 514.8),
  batch(42, 5, 4, 0, 514.8),
];

describe.each(dbKinds)('collector counter restarts on %s', (kind) => {
  let db: Database;
  const written: Array<Awaited<ReturnType<typeof writePoll>>> = [];

  beforeAll(async () => {
    db = await freshDatabase(kind);
    await db.query("INSERT INTO teams (tag, tracked) VALUES ('RST', false)");
    for (let i = 0; i < POLLS.length; i++) {
      const body = teamBody('RST', [rex[i], sam[i], tia[i], uma[i]]);
      // Each answer is polled twice, a minute apart: the second finds nothing new.
      for (const at of [Date.parse(POLLS[i]), Date.parse(POLLS[i]) + 60_000]) {
        written.push(await writePoll(db, { tag: 'RST', at: new Date(at), httpStatus: 200, body }, TEST_TZ));
      }
    }
  });
  afterAll(() => db.close());

  it('counts the 19 races of a restart with lifetime races rising, 3 of them at the restart poll', async () => {
    expect(await storedBatches(db, [41])).toEqual(REX_BATCHES);
  });

  it('re-bases a restart without lifetime races rising at the second low poll: 16 of 19', async () => {
    expect(await storedBatches(db, [42])).toEqual(SAM_BATCHES);
  });

  it('stores exactly 4 races of a dip that recovers (201 → 150 → 205)', async () => {
    // +4 races: 1200 characters, 12 errors, 240 s → 60 WPM, 0.99, 514.8 points.
    expect(await storedBatches(db, [43])).toEqual([
      {
        user_id: 43,
        end_time: slot(2),
        races: 4,
        lifetime_races: 4,
        typed: 1_200,
        errs: 12,
        secs: 240,
        points: expect.closeTo(514.8, 9),
      },
    ]);
  });

  it('counts once the 5 races of a member whose counters all fell, stayed low, grew and recovered', async () => {
    // 201 → 206: 1500 characters, 15 errors, 300 s → 60 WPM, 0.99, 5 × 130 × 0.99 = 643.5 points.
    expect(await storedBatches(db, [44])).toEqual([
      {
        user_id: 44,
        end_time: slot(3),
        races: 5,
        lifetime_races: 5,
        typed: 1_500,
        errs: 15,
        secs: 300,
        points: expect.closeTo(643.5, 9),
      },
    ]);
  });

  it('says what each poll did, and the repeated polls write no batch', () => {
    const summary = written.map((w) => (w.ok && !w.stale ? [w.batches, w.anomalies.map((a) => a.kind)] : w));
    expect(summary).toEqual([
      [0, []],
      [0, []],
      [1, ['counter-reset', 'bad-reading', 'bad-reading', 'bad-reading']],
      [0, ['bad-reading', 'bad-reading', 'bad-reading']],
      [3, ['counter-reset', 'bad-reading']],
      [0, ['bad-reading']],
      [3, []],
      [0, []],
      [2, []],
      [0, []],
      [2, []],
      [0, []],
    ]);
  });

  it('leaves every baseline at the last reading and no low reading behind', async () => {
    const { rows } = await db.query<{ user_id: number; played: number; low_played: number | null }>(
      'SELECT user_id, played, low_played FROM member_snapshots ORDER BY user_id',
    );
    expect(rows.map((r) => [Number(r.user_id), Number(r.played), r.low_played])).toEqual([
      [41, 19, null],
      [42, 19, null],
      [43, 205, null],
      [44, 206, null],
    ]);
  });
});

/** A stand-in for the game: the current answer per tag. */
async function fakeGame() {
  const answers = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const tag = decodeURIComponent(req.url!.split('/').pop()!);
    res.writeHead(200, { 'content-type': 'application/json' }).end(answers.get(tag) ?? '{"status":"FAIL"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { answers, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Opens the same stored database again and again, as a restarted collector would. */
async function reopenable(kind: DbKind): Promise<{ open(): Promise<Database>; remove(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nt-reset-'));
    return { open: () => openPglite(dir), remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const testDb = await createTestDatabase();
  return { open: () => openPostgres(testDb.url, { max: 2 }), remove: testDb.drop };
}

describe.each(dbKinds)('collector counter restarts across collector restarts on %s', (kind) => {
  const game = fakeGame();
  let store: Awaited<ReturnType<typeof reopenable>>;
  const runs: Array<Awaited<ReturnType<typeof pollTeams>>> = [];
  let after: StoredBatch[] = [];

  beforeAll(async () => {
    const { answers, base } = await game;
    store = await reopenable(kind);
    const first = await store.open();
    await migrate(first);
    await first.close();
    // Each poll by a collector opened afresh: the low reading of sam's first low poll is only in the database.
    for (let i = 0; i < POLLS.length; i++) {
      answers.set('RST', teamBody('RST', [rex[i], sam[i]]));
      const db = await store.open();
      try {
        const at = new Date(POLLS[i]);
        runs.push(
          await pollTeams({
            db,
            base,
            tags: ['RST'],
            now: at,
            clock: () => at,
            tz: TEST_TZ,
            delayMs: 0,
            concurrency: 1,
          }),
        );
        if (i === POLLS.length - 1) after = await storedBatches(db, [41, 42]);
      } finally {
        await db.close();
      }
    }
  });
  afterAll(async () => {
    (await game).server.close();
    await store.remove();
  });

  it('polls every answer', () => {
    expect(runs.map((r) => [r.ok, r.failed])).toEqual(POLLS.map(() => [1, 0]));
  });

  it('counts exactly what one uninterrupted collector counts', () => {
    expect(after).toEqual([...REX_BATCHES, ...SAM_BATCHES]);
  });
});
