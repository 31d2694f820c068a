/**
 * One collector poll of every team of the scale dataset, written through the real write path
 * (server/collector/write-poll.ts `writePoll`, one transaction per team) inside a transaction that
 * is rolled back afterwards, so the dataset stays as built. Two polls 10 minutes apart: the first
 * sets every member's baseline (no batch), the second has every member racing three races, so it
 * writes one batch per member (10,000) with the rollups and running totals.
 */
import { writePoll } from '../../server/collector/write-poll.js';
import { teamBody, type MemberSpec } from '../../tests/server/collector-helpers.js';
import { BENCH_NOW } from '../leaderboards/dataset.js';
import { SCALE_TZ } from './database.js';
import { openRolledBack } from './rolled-back-db.js';

export interface PollTiming {
  label: string;
  teams: number;
  members: number;
  batches: number;
  /** Time spent waiting for the database, summed over the teams. */
  dbMs: number;
  /** Wall time of the whole poll's writes (parsing and diffing included). */
  wallMs: number;
  /** Where the database time went: the costliest statements. */
  slowest: Array<{ sql: string; ms: number; calls: number }>;
}

interface Member {
  tag: string;
  userId: number;
  username: string;
  displayName: string | null;
  joinStamp: number;
}

/** Every current member of every team, as the game would list them. */
async function currentMembers(url: string): Promise<Map<string, Member[]>> {
  const db = await openRolledBack(url);
  try {
    const { rows } = await db.query<{
      tag: string;
      user_id: number;
      username: string;
      display_name: string | null;
      joined: number;
    }>(
      `SELECT m.tag, m.user_id, r.username, r.display_name, extract(epoch FROM m.join_stamp)::int8 AS joined
         FROM memberships m JOIN racers r USING (user_id)
        WHERE m.left_at IS NULL ORDER BY m.tag, m.user_id`,
    );
    const byTeam = new Map<string, Member[]>();
    for (const r of rows) {
      const list = byTeam.get(r.tag) ?? [];
      list.push({
        tag: r.tag,
        userId: r.user_id,
        username: r.username,
        displayName: r.display_name,
        joinStamp: Number(r.joined),
      });
      byTeam.set(r.tag, list);
    }
    return byTeam;
  } finally {
    await db.close();
  }
}

/** A member's counters after `polls` polls of three races each (a plausible 10-minute delta). */
function memberSpec(m: Member, polls: number): MemberSpec {
  const races = 5000 + (m.userId % 977) + 3 * polls;
  return {
    userID: m.userId,
    username: m.username,
    displayName: m.displayName,
    played: races,
    racesPlayed: races + 1000,
    typed: races * 260,
    errs: races * 7,
    secs: races * 31,
    joinStamp: m.joinStamp,
  };
}

/** Both polls' timings; `url` is the scale schema's address. */
export async function measurePoll(url: string, log: (s: string) => void): Promise<PollTiming[]> {
  const teams = await currentMembers(url);
  const db = await openRolledBack(url);
  const out: PollTiming[] = [];
  try {
    const polls = [
      { label: 'first poll (baselines, no batches)', n: 0 },
      { label: 'next poll (every member raced)', n: 1 },
    ];
    for (const { label, n } of polls) {
      const at = new Date(BENCH_NOW.getTime() + (n + 1) * 600_000);
      db.resetTimer();
      let batches = 0;
      let members = 0;
      const t0 = performance.now();
      for (const [tag, list] of teams) {
        const body = teamBody(
          tag,
          list.map((m) => memberSpec(m, n)),
        );
        const r = await writePoll(db, { tag, at, httpStatus: 200, body }, SCALE_TZ);
        if (!r.ok || r.stale) throw new Error(`${tag}: poll not written (${JSON.stringify(r)})`);
        batches += r.batches;
        members += r.members;
      }
      const timing = { label, teams: teams.size, members, batches, dbMs: db.dbMs, wallMs: performance.now() - t0 };
      log(
        `  ${label}: ${batches} batches, database ${(timing.dbMs / 1000).toFixed(2)} s, wall ${(timing.wallMs / 1000).toFixed(2)} s`,
      );
      for (const q of db.slowest(4)) log(`    ${(q.ms / 1000).toFixed(2)} s in ${q.calls} × ${q.sql}`);
      out.push({ ...timing, slowest: db.slowest(3) });
    }
    return out;
  } finally {
    await db.close();
  }
}
