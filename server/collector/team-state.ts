/**
 * The collector's view of one team between polls (baselines and current memberships) and the pure
 * step that applies one parsed poll to it. Live polling (write-poll.ts) and the bulk backfill
 * (backfill.ts) both go through `applyPoll`, so they leave the database in the same state.
 */
import type { BatchRow } from '../db/batch-writer.js';
import { floorTo10Minutes } from '../../rules/site-time.js';
import { diffMember, type Snapshot } from './diff.js';
import type { GameStatus, ParsedTeam } from './parse.js';

export interface Membership {
  /** Database id; null until inserted. */
  id: number | null;
  tag: string;
  userId: number;
  joinStamp: Date | null;
  role: string | null;
  firstSeen: Date;
  lastSeen: Date;
  leftAt: Date | null;
}

export interface TeamState {
  tag: string;
  /** Time of the latest poll applied; an older poll is ignored. */
  lastPolledAt: Date | null;
  snapshots: Map<number, Snapshot>;
  /** Current memberships (left_at null) by user id. */
  current: Map<number, Membership>;
}

export interface RacerSighting {
  userId: number;
  username: string;
  displayName: string | null;
  gameStatus: GameStatus | null;
  seenAt: Date;
}

export interface PollCounts {
  members: number;
  batches: number;
  firstSightings: number;
  /** Rejoins: a new membership counted from zero. */
  resets: number;
  joined: number;
  left: number;
  /** Members whose reading was not used this poll (see `anomalies`). */
  skipped: number;
}

/** Something wrong with one member's reading, for the collector's log. */
export interface MemberAnomaly {
  userId: number | null;
  kind: 'bad-reading' | 'counter-reset' | 'absurd' | 'duplicate' | 'unreadable';
  detail: string;
}

export interface PollChanges {
  tag: string;
  pollTime: Date;
  batches: BatchRow[];
  /** Snapshots to write (user id → new baseline). */
  snapshotsWritten: Map<number, Snapshot>;
  /** Members whose baseline is dropped (they left). */
  snapshotsDeleted: number[];
  /** Every membership touched: opened, closed, or seen again (last_seen, role). */
  memberships: Membership[];
  racers: RacerSighting[];
  counts: PollCounts;
  anomalies: MemberAnomaly[];
  /** Whether something other than last-seen times changed. */
  changed: boolean;
}

function sameTime(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}

/**
 * Whether a join at `joinStamp` is one the previous poll (at `prevPoll`) could not have seen, so
 * every team race since it is still uncounted. Such a join is after the previous poll; it may
 * also fall earlier in that poll's 10-minute slot, as answers can reflect the team as of the slot
 * boundary, and the races of a membership never seen before were never in any batch either.
 */
export function joinedSince(joinStamp: Date | null, prevPoll: Date | null): boolean {
  return joinStamp !== null && prevPoll !== null && joinStamp.getTime() >= floorTo10Minutes(prevPoll).getTime();
}

/**
 * Applies a parsed poll fetched at `pollTime` to `state` (mutated in place) and returns what to
 * write, or null when the poll is older than the latest one applied.
 *
 * A member absent from the poll has left: the membership gets `left_at` and the baseline is
 * dropped, so a later return is a first sighting (never a batch spanning the absence). A join
 * since the previous poll (`joinedSince`) counts the team counters from zero: a member first
 * seen after joining gets a batch of every race since the join, in this poll's slot; a member
 * whose join stamp moved there left and rejoined: the old membership closes, a new one opens,
 * counted from zero the same way. A join stamp that changed to a time the previous poll already
 * covered, a counter gone backwards, or impossible growth is a bad reading of that member:
 * nothing of theirs is written and the baseline stays (a backwards reading is kept with it, so the
 * next poll can tell a restart of the team counters, which diff.ts re-bases, from a stale copy).
 * A member listed but unreadable (skipped by the parser with a known id) is left untouched too.
 */
export function applyPoll(state: TeamState, team: ParsedTeam, pollTime: Date): PollChanges | null {
  if (state.lastPolledAt && pollTime.getTime() < state.lastPolledAt.getTime()) return null;
  const prevPoll = state.lastPolledAt;
  state.lastPolledAt = pollTime;
  const tag = state.tag;
  const out: PollChanges = {
    tag,
    pollTime,
    batches: [],
    snapshotsWritten: new Map(),
    snapshotsDeleted: [],
    memberships: [],
    racers: [],
    counts: { members: team.members.length, batches: 0, firstSightings: 0, resets: 0, joined: 0, left: 0, skipped: 0 },
    anomalies: [],
    changed: false,
  };

  const present = new Set<number>();
  for (const s of team.skipped) {
    if (s.userId !== null) present.add(s.userId);
    out.anomalies.push({
      userId: s.userId,
      kind: s.reason.startsWith('absurd') ? 'absurd' : 'unreadable',
      detail: s.reason,
    });
    out.counts.skipped++;
  }
  for (const d of team.duplicates) {
    out.anomalies.push({
      userId: d.userId,
      kind: 'duplicate',
      detail: `listed ${d.copies} times; the most advanced copy used`,
    });
  }

  for (const m of team.members) {
    present.add(m.userId);
    let membership = state.current.get(m.userId);
    const prev = state.snapshots.get(m.userId);
    const joinMoved =
      membership !== undefined &&
      membership.joinStamp !== null &&
      m.joinStamp !== null &&
      !sameTime(membership.joinStamp, m.joinStamp);
    const fresh = joinedSince(m.joinStamp, prevPoll);
    if (joinMoved && !fresh) {
      out.anomalies.push({
        userId: m.userId,
        kind: 'bad-reading',
        detail: `join stamp ${membership!.joinStamp!.toISOString()} → ${m.joinStamp!.toISOString()}`,
      });
      out.counts.skipped++;
      continue;
    }
    const rejoined = joinMoved && fresh;
    const fromZero = rejoined || (!prev && fresh);
    const d = diffMember(prev, m, pollTime, fromZero ? { fromZeroSince: m.joinStamp! } : {});
    if (d.outcome === 'bad-reading' || d.outcome === 'absurd') {
      out.anomalies.push({ userId: m.userId, kind: d.outcome, detail: d.detail ?? '' });
      out.counts.skipped++;
      // The baseline stays; a backwards reading is remembered (not shown to readers) to tell a reset.
      if (d.snapshotChanged) {
        state.snapshots.set(m.userId, d.snapshot);
        out.snapshotsWritten.set(m.userId, d.snapshot);
      }
      continue;
    }
    if (d.outcome === 'reset') out.anomalies.push({ userId: m.userId, kind: 'counter-reset', detail: d.detail ?? '' });

    out.racers.push({
      userId: m.userId,
      username: m.username,
      displayName: m.displayName,
      gameStatus: m.gameStatus,
      seenAt: pollTime,
    });
    if (membership && rejoined) {
      membership.leftAt = pollTime;
      out.memberships.push(membership);
      out.counts.left++;
      membership = undefined;
    }
    if (!membership) {
      membership = {
        id: null,
        tag,
        userId: m.userId,
        joinStamp: m.joinStamp,
        role: m.role,
        firstSeen: pollTime,
        lastSeen: pollTime,
        leftAt: null,
      };
      state.current.set(m.userId, membership);
      out.counts.joined++;
      out.changed = true;
    } else {
      if (membership.role !== m.role || (membership.joinStamp === null && m.joinStamp !== null)) out.changed = true;
      membership.role = m.role;
      membership.joinStamp = membership.joinStamp ?? m.joinStamp;
      membership.lastSeen = pollTime;
    }
    out.memberships.push(membership);

    if (d.outcome === 'first' || (d.outcome === 'joined' && !rejoined)) out.counts.firstSightings++;
    if (rejoined) out.counts.resets++;
    if (d.snapshotChanged) {
      state.snapshots.set(m.userId, d.snapshot);
      out.snapshotsWritten.set(m.userId, d.snapshot);
      out.changed = true;
    }
    if (d.batch) {
      out.batches.push({
        userId: m.userId,
        tag,
        endTime: d.batch.endTime,
        races: d.batch.races,
        lifetimeRaces: d.batch.lifetimeRaces,
        typed: d.batch.typed,
        errs: d.batch.errs,
        secs: d.batch.secs,
        displayName: m.displayName,
      });
      out.counts.batches++;
    }
  }
  for (const [userId, membership] of state.current) {
    if (present.has(userId)) continue;
    membership.leftAt = pollTime;
    state.current.delete(userId);
    out.memberships.push(membership);
    out.counts.left++;
    out.changed = true;
  }
  for (const userId of [...state.snapshots.keys()]) {
    if (present.has(userId)) continue;
    state.snapshots.delete(userId);
    out.snapshotsDeleted.push(userId);
    out.changed = true;
  }
  return out;
}
