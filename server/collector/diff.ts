/**
 * Snapshot diffing (design.md "The numbers"): the difference between a member's previous snapshot
 * and this poll's counters becomes at most one batch, and the new snapshot becomes the baseline.
 *
 * Rules:
 * - first sighting: no batch, the counters become the baseline;
 * - races = Δplayed, lifetime races = ΔracesPlayed, with the typed/errs/secs deltas; the batch
 *   ends at the poll time floored to 10 minutes, so a late poll yields one batch covering the gap;
 * - any negative delta (or a new join stamp: the member left and rejoined) is a reset: no batch,
 *   the current counters become the new baseline;
 * - Δplayed = 0: no batch. The baseline still advances to the current counters, so a change of
 *   the other counters without a team race (lifetime races raced elsewhere) is never carried into
 *   a later batch: no delta is ever counted twice or put in the wrong slot;
 * - the same counters again (a duplicate poll): nothing changes, nothing is written;
 * - a poll older than the baseline is ignored (stale), so it can never rewind the baseline.
 */
import { accuracy, batchPoints, wpm } from '../domain/stats.js';
import { floorTo10Minutes } from '../domain/site-time.js';

export interface Counters {
  played: number;
  racesPlayed: number;
  typed: number;
  errs: number;
  secs: number;
}

/** What a poll reports about one member (counters plus the fields kept with the snapshot). */
export interface MemberReading extends Counters {
  avgSpeed: number | null;
  highestSpeed: number | null;
  displayName: string | null;
}

/** The stored baseline of one member of one team. */
export interface Snapshot extends MemberReading {
  /** The poll time that last wrote this snapshot. */
  takenAt: Date;
}

export interface BatchDelta {
  /** Poll time floored to the 10-minute boundary. */
  endTime: Date;
  races: number;
  lifetimeRaces: number;
  typed: number;
  errs: number;
  secs: number;
  /** From the deltas through server/domain/stats.ts; null when no time / nothing was typed. */
  wpm: number | null;
  accuracy: number | null;
  points: number;
}

export type DiffOutcome =
  /** No previous snapshot: baseline only. */
  | 'first'
  /** Δplayed > 0: one batch. */
  | 'batch'
  /** Counters moved but Δplayed = 0: no batch, baseline advances. */
  | 'idle'
  /** Negative delta or rejoin: no batch, new baseline. */
  | 'reset'
  /** Counters equal (display name or speeds may have changed). */
  | 'unchanged'
  /** Poll older than the baseline: ignored. */
  | 'stale';

export interface DiffResult {
  outcome: DiffOutcome;
  batch: BatchDelta | null;
  /** The baseline after this poll (the previous one when nothing changed). */
  snapshot: Snapshot;
  /** Whether the stored snapshot must be rewritten. */
  snapshotChanged: boolean;
}

const COUNTERS: Array<keyof Counters> = ['played', 'racesPlayed', 'typed', 'errs', 'secs'];

function toSnapshot(cur: MemberReading, at: Date): Snapshot {
  return {
    takenAt: at,
    played: cur.played,
    racesPlayed: cur.racesPlayed,
    typed: cur.typed,
    errs: cur.errs,
    secs: cur.secs,
    avgSpeed: cur.avgSpeed,
    highestSpeed: cur.highestSpeed,
    displayName: cur.displayName,
  };
}

/** Diffs one member's reading at `pollTime` against its previous snapshot (or none). */
export function diffMember(
  prev: Snapshot | null | undefined,
  cur: MemberReading,
  pollTime: Date,
  opts: { rejoined?: boolean } = {},
): DiffResult {
  const next = toSnapshot(cur, pollTime);
  if (!prev) return { outcome: 'first', batch: null, snapshot: next, snapshotChanged: true };
  if (pollTime.getTime() < prev.takenAt.getTime()) {
    return { outcome: 'stale', batch: null, snapshot: prev, snapshotChanged: false };
  }
  if (opts.rejoined) return { outcome: 'reset', batch: null, snapshot: next, snapshotChanged: true };

  const d = {} as Counters;
  for (const k of COUNTERS) d[k] = cur[k] - prev[k];
  if (COUNTERS.some((k) => d[k] < 0)) return { outcome: 'reset', batch: null, snapshot: next, snapshotChanged: true };

  if (d.played === 0) {
    if (COUNTERS.some((k) => d[k] !== 0)) return { outcome: 'idle', batch: null, snapshot: next, snapshotChanged: true };
    const same =
      prev.displayName === cur.displayName && prev.avgSpeed === cur.avgSpeed && prev.highestSpeed === cur.highestSpeed;
    return same
      ? { outcome: 'unchanged', batch: null, snapshot: prev, snapshotChanged: false }
      : { outcome: 'unchanged', batch: null, snapshot: next, snapshotChanged: true };
  }

  return {
    outcome: 'batch',
    batch: {
      endTime: floorTo10Minutes(pollTime),
      races: d.played,
      lifetimeRaces: d.racesPlayed,
      typed: d.typed,
      errs: d.errs,
      secs: d.secs,
      wpm: wpm(d.typed, d.secs),
      accuracy: accuracy(d.typed, d.errs),
      points: batchPoints(d.played, d.typed, d.errs, d.secs),
    },
    snapshot: next,
    snapshotChanged: true,
  };
}
