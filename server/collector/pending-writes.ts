/**
 * The collector's pending writes: poll changes accumulated in memory, then written back in one go
 * by `flushWrites` (SQL in server/db/collector-state-repo.ts; batches through insertBatches, with
 * rollups): team info, racers, memberships, snapshots, the last raw response and failed
 * responses. One poll (live) or one day of polls (backfill) is written with the same code, in the
 * caller's transaction.
 */
import { insertBatches, type BatchRow } from '../db/batch-writer.js';
import {
  writeMemberships,
  writeRacers,
  writeResponses,
  writeSnapshots,
  writeTeams,
} from '../db/collector-state-repo.js';
import type { Queryable } from '../db/database.js';
import type { Snapshot } from './diff.js';
import type { ParsedTeamInfo } from './parse.js';
import type { Membership, PollChanges, RacerSighting } from './team-state.js';

export interface RawResponse {
  fetchedAt: Date;
  httpStatus: number;
  body: string;
}

export interface FailedResponse {
  tag: string;
  fetchedAt: Date;
  httpStatus: number | null;
  error: string;
  body: string | null;
}

interface MergedRacer extends RacerSighting {
  firstSeen: Date;
}

/** Changes accumulated in memory, written by `flushWrites`. */
export interface PendingWrites {
  teams: Map<string, { info: ParsedTeamInfo; polledAt: Date }>;
  racers: Map<number, MergedRacer>;
  memberships: Set<Membership>;
  /** `${tag}|${userId}` → new baseline, or null to delete it. */
  snapshots: Map<string, { tag: string; userId: number; snapshot: Snapshot | null }>;
  batches: BatchRow[];
  raw: Map<string, RawResponse>;
  failed: FailedResponse[];
  /** Whether a reader-visible change is pending (beyond last-seen times). */
  changed: boolean;
}

/** Failed bodies are kept for diagnosis; a huge one is cut. */
export const MAX_FAILED_BODY = 100_000;

export function emptyWrites(): PendingWrites {
  return {
    teams: new Map(),
    racers: new Map(),
    memberships: new Set(),
    snapshots: new Map(),
    batches: [],
    raw: new Map(),
    failed: [],
    changed: false,
  };
}

export function isEmpty(w: PendingWrites): boolean {
  return (
    !w.teams.size &&
    !w.racers.size &&
    !w.memberships.size &&
    !w.snapshots.size &&
    !w.batches.length &&
    !w.raw.size &&
    !w.failed.length
  );
}

/** Adds one applied poll (its changes, team info and raw body) to the pending writes. */
export function addPoll(w: PendingWrites, changes: PollChanges, info: ParsedTeamInfo, raw: RawResponse): void {
  const tag = changes.tag;
  w.teams.set(tag, { info, polledAt: changes.pollTime });
  for (const s of changes.racers) {
    const prev = w.racers.get(s.userId);
    if (!prev) {
      w.racers.set(s.userId, { ...s, firstSeen: s.seenAt });
    } else {
      if (s.seenAt.getTime() >= prev.seenAt.getTime()) {
        prev.username = s.username;
        prev.displayName = s.displayName;
        prev.gameStatus = s.gameStatus;
        prev.seenAt = s.seenAt;
      }
      if (s.seenAt.getTime() < prev.firstSeen.getTime()) prev.firstSeen = s.seenAt;
    }
  }
  for (const m of changes.memberships) w.memberships.add(m);
  for (const [userId, snapshot] of changes.snapshotsWritten)
    w.snapshots.set(`${tag}|${userId}`, { tag, userId, snapshot });
  for (const userId of changes.snapshotsDeleted) w.snapshots.set(`${tag}|${userId}`, { tag, userId, snapshot: null });
  for (const b of changes.batches) w.batches.push(b);
  w.raw.set(tag, raw);
  if (changes.changed) w.changed = true;
}

/** PostgreSQL text refuses NUL: a failed answer (kept as sent, for diagnosis) shows it as U+FFFD. */
const storable = (s: string) => s.replaceAll('\u0000', '\ufffd');

export function addFailure(w: PendingWrites, f: FailedResponse): void {
  w.failed.push({
    ...f,
    error: storable(f.error),
    body: f.body === null ? null : storable(f.body.slice(0, MAX_FAILED_BODY)),
  });
}

/**
 * Writes the pending changes in the caller's transaction and empties them. Returns whether a
 * reader-visible change was written (the caller bumps the data version then).
 */
export async function flushWrites(q: Queryable, w: PendingWrites, tz: string): Promise<boolean> {
  let changed = w.changed || w.batches.length > 0;
  if (await writeTeams(q, w.teams)) changed = true;
  if (await writeRacers(q, w.racers)) changed = true;
  await writeMemberships(q, w.memberships);
  await writeSnapshots(q, w.snapshots);
  if (w.batches.length) await insertBatches(q, w.batches, tz);
  await writeResponses(q, w.raw, w.failed);
  Object.assign(w, emptyWrites());
  return changed;
}
