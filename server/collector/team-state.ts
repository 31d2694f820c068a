/**
 * The collector's view of one team between polls (baselines and current memberships) and the pure
 * step that applies one parsed poll to it. Live polling (write-poll.ts) and the bulk backfill
 * (backfill.ts) both go through `applyPoll`, so they leave the database in the same state.
 */
import type { BatchRow } from '../db/batch-writer.js';
import { diffMember, type Snapshot } from './diff.js';
import type { ParsedTeam } from './parse.js';

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
  seenAt: Date;
}

export interface PollCounts {
  members: number;
  batches: number;
  firstSightings: number;
  resets: number;
  joined: number;
  left: number;
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
  /** Whether something other than last-seen times changed. */
  changed: boolean;
}

function sameTime(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}

/**
 * Applies a parsed poll taken at `pollTime` to `state` (mutated in place) and returns what to
 * write, or null when the poll is older than the latest one applied.
 *
 * A member absent from the poll has left: the membership gets `left_at` and the baseline is
 * dropped, so a later return is a first sighting (never a batch spanning the absence). A member
 * whose join stamp changed left and rejoined between polls: a new membership and a new baseline.
 * A member listed but unreadable (skipped by the parser with a known id) is left untouched.
 */
export function applyPoll(state: TeamState, team: ParsedTeam, pollTime: Date): PollChanges | null {
  if (state.lastPolledAt && pollTime.getTime() < state.lastPolledAt.getTime()) return null;
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
    counts: { members: team.members.length, batches: 0, firstSightings: 0, resets: 0, joined: 0, left: 0 },
    changed: false,
  };

  const present = new Set<number>();
  for (const s of team.skipped) if (s.userId !== null) present.add(s.userId);

  for (const m of team.members) {
    present.add(m.userId);
    out.racers.push({ userId: m.userId, username: m.username, displayName: m.displayName, seenAt: pollTime });

    let membership = state.current.get(m.userId);
    const rejoined =
      membership !== undefined && membership.joinStamp !== null && m.joinStamp !== null && !sameTime(membership.joinStamp, m.joinStamp);
    if (membership && rejoined) {
      membership.leftAt = pollTime;
      out.memberships.push(membership);
      out.counts.left++;
      membership = undefined;
    }
    if (!membership) {
      membership = {
        id: null, tag, userId: m.userId, joinStamp: m.joinStamp, role: m.role, firstSeen: pollTime, lastSeen: pollTime, leftAt: null,
      };
      state.current.set(m.userId, membership);
      out.counts.joined++;
      out.changed = true;
    } else {
      if (membership.role !== m.role || (membership.joinStamp === null && m.joinStamp !== null)) out.changed = true;
      membership.role = m.role;
      membership.joinStamp = m.joinStamp ?? membership.joinStamp;
      membership.lastSeen = pollTime;
    }
    out.memberships.push(membership);

    const d = diffMember(state.snapshots.get(m.userId), m, pollTime, { rejoined });
    if (d.outcome === 'first') out.counts.firstSightings++;
    if (d.outcome === 'reset') out.counts.resets++;
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
