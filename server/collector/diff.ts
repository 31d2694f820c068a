/**
 * Snapshot diffing (design.md "The numbers"): the difference between a member's previous snapshot
 * and this poll's counters becomes at most one batch, and the new snapshot becomes the baseline.
 *
 * Rules:
 * - first sighting: no batch, the counters become the baseline;
 * - races = Δplayed, lifetime races = ΔracesPlayed, with the typed/errs/secs deltas; the batch
 *   ends at the fetch time floored to 10 minutes, so a late poll yields one batch covering the gap;
 * - counting from zero (`fromZeroSince`: a rejoin, or a first sighting of a member who joined
 *   since the previous poll): the team counters restarted at the join, so all of them are races
 *   of the gap this poll closes and go into this poll's batch; lifetime races are ΔracesPlayed
 *   when a baseline exists, never fewer than the team races;
 * - any negative delta with the same membership is a bad reading: no batch, the baseline stays,
 *   so a dip that recovers (201 → 150 → 205) counts only the 4 races really raced;
 * - growth no one could race in the time elapsed (plausibility.ts) is absurd: no batch, the
 *   baseline stays;
 * - Δplayed = 0: no batch. The baseline still advances to the current counters, so a change of
 *   the other counters without a team race (lifetime races raced elsewhere) is never carried into
 *   a later batch: no delta is ever counted twice or put in the wrong slot;
 * - the same counters again (a duplicate poll): nothing changes, nothing is written;
 * - a poll older than the baseline is ignored (stale), so it can never rewind the baseline.
 */
import { accuracy, batchPoints, wpm } from '../../rules/stats.js';
import { floorTo10Minutes } from '../../rules/site-time.js';
import { implausibleGrowth } from './plausibility.js';

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
  /** From the deltas through rules/stats.ts; null when no time / nothing was typed. */
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
  /** Counted from zero since a join (rejoin or new member): a batch when races were played, new baseline. */
  | 'joined'
  /** A counter went backwards with the same membership: nothing written, the baseline stays. */
  | 'bad-reading'
  /** Growth impossible in the time elapsed: nothing written, the baseline stays. */
  | 'absurd'
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
  /** For 'bad-reading' and 'absurd': which counter, and how. */
  detail?: string;
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

function batchOf(d: Counters, pollTime: Date): BatchDelta {
  return {
    endTime: floorTo10Minutes(pollTime),
    races: d.played,
    lifetimeRaces: d.racesPlayed,
    typed: d.typed,
    errs: d.errs,
    secs: d.secs,
    wpm: wpm(d.typed, d.secs),
    accuracy: accuracy(d.typed, d.errs),
    points: batchPoints(d.played, d.typed, d.errs, d.secs),
  };
}

/** The reading counted from zero at a join, `prev` (the old membership's baseline) only for lifetime races. */
function diffFromZero(prev: Snapshot | null | undefined, cur: MemberReading, pollTime: Date, since: Date): DiffResult {
  const lifetime = prev && cur.racesPlayed >= prev.racesPlayed ? cur.racesPlayed - prev.racesPlayed : 0;
  const d: Counters = {
    played: cur.played,
    racesPlayed: Math.max(lifetime, cur.played),
    typed: cur.typed,
    errs: cur.errs,
    secs: cur.secs,
  };
  const absurd = implausibleGrowth(d, pollTime.getTime() - since.getTime());
  if (absurd) {
    const kept = prev ?? toSnapshot(cur, pollTime);
    return {
      outcome: 'absurd',
      batch: null,
      snapshot: kept,
      snapshotChanged: false,
      detail: `${absurd} +${d[absurd]} since joining`,
    };
  }
  const next = toSnapshot(cur, pollTime);
  return {
    outcome: 'joined',
    batch: d.played > 0 ? batchOf(d, pollTime) : null,
    snapshot: next,
    snapshotChanged: true,
  };
}

/**
 * Diffs one member's reading at `pollTime` (the fetch time) against its previous snapshot (or
 * none). `fromZeroSince`: the member's join time when their team counters restarted at a join
 * the previous poll could not have seen (team-state.ts decides).
 */
export function diffMember(
  prev: Snapshot | null | undefined,
  cur: MemberReading,
  pollTime: Date,
  opts: { fromZeroSince?: Date } = {},
): DiffResult {
  if (prev && pollTime.getTime() < prev.takenAt.getTime()) {
    return { outcome: 'stale', batch: null, snapshot: prev, snapshotChanged: false };
  }
  if (opts.fromZeroSince) return diffFromZero(prev, cur, pollTime, opts.fromZeroSince);
  const next = toSnapshot(cur, pollTime);
  if (!prev) return { outcome: 'first', batch: null, snapshot: next, snapshotChanged: true };

  const d = {} as Counters;
  for (const k of COUNTERS) d[k] = cur[k] - prev[k];
  const backwards = COUNTERS.find((k) => d[k] < 0);
  if (backwards) {
    return {
      outcome: 'bad-reading',
      batch: null,
      snapshot: prev,
      snapshotChanged: false,
      detail: `${backwards} ${prev[backwards]} → ${cur[backwards]}`,
    };
  }
  const absurd = implausibleGrowth(d, pollTime.getTime() - prev.takenAt.getTime());
  if (absurd) {
    return {
      outcome: 'absurd',
      batch: null,
      snapshot: prev,
      snapshotChanged: false,
      detail: `${absurd} ${prev[absurd]} → ${cur[absurd]}`,
    };
  }

  if (d.played === 0) {
    if (COUNTERS.some((k) => d[k] !== 0))
      return { outcome: 'idle', batch: null, snapshot: next, snapshotChanged: true };
    const same =
      prev.displayName === cur.displayName && prev.avgSpeed === cur.avgSpeed && prev.highestSpeed === cur.highestSpeed;
    return same
      ? { outcome: 'unchanged', batch: null, snapshot: prev, snapshotChanged: false }
      : { outcome: 'unchanged', batch: null, snapshot: next, snapshotChanged: true };
  }

  return { outcome: 'batch', batch: batchOf(d, pollTime), snapshot: next, snapshotChanged: true };
}
