/**
 * Snapshot diffing (docs/product.md 'The numbers'): the difference between a member's previous snapshot
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
 * - a counter gone backwards with the same membership is a bad reading (no batch, the baseline
 *   stays, so a dip that recovers, 201 → 150 → 205, counts only the 4 races really raced) unless
 *   it is a restart of the team counters (`diffBackwards`), told apart this way:
 *   - lifetime races below the baseline's: a stale copy (lifetime races never restart), never a
 *     reset, however long it lasts;
 *   - no team counter above the baseline's and lifetime races risen by at least the team races
 *     read (`played` ≤ ΔracesPlayed): a restart since the baseline, every race since it raced
 *     since the baseline. Counted at once from zero (races = `played`, typed/errs/secs as read,
 *     lifetime races = ΔracesPlayed) and re-based there: only the races between the baseline and
 *     the restart, within this one poll's gap, are lost;
 *   - otherwise the reading is kept as the member's `low` reading, and the next poll decides.
 *     Back at or above the baseline: it was stale, counted from the baseline, `low` dropped (the
 *     dip-and-recover above). Still below it, but at or above `low` in every counter with more
 *     team races: a restart after all, the growth since `low` counted and re-based there, so only
 *     the races up to the low poll are lost. The same reading again keeps `low` as it was;
 *     anything else becomes the new `low`. Nothing is ever counted twice: each batch is the
 *     growth between two readings of the same count;
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

/** A reading that went backwards, kept until the next poll tells a reset from a stale copy. */
export interface LowReading extends Counters {
  takenAt: Date;
}

/** The stored baseline of one member of one team. */
export interface Snapshot extends MemberReading {
  /** The poll time that last wrote this snapshot. */
  takenAt: Date;
  /** A backwards reading since the baseline, not yet known to be a reset (absent: none). */
  low?: LowReading | null;
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
  /** A counter went backwards with the same membership: no batch, the baseline stays (the reading may be kept as `low`). */
  | 'bad-reading'
  /** The team counters restarted with the same membership: re-based, the races since the restart or the low reading counted. */
  | 'reset'
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
  /** For 'bad-reading', 'reset' and 'absurd': which counter, and how. */
  detail?: string;
}

const COUNTERS: Array<keyof Counters> = ['played', 'racesPlayed', 'typed', 'errs', 'secs'];

/** The counters that restart when the team's count restarts (lifetime races never do). */
const TEAM_COUNTERS: Array<keyof Counters> = ['played', 'typed', 'errs', 'secs'];

const countersOf = (c: Counters): Counters => ({
  played: c.played,
  racesPlayed: c.racesPlayed,
  typed: c.typed,
  errs: c.errs,
  secs: c.secs,
});

function minus(a: Counters, b: Counters): Counters {
  const d = {} as Counters;
  for (const k of COUNTERS) d[k] = a[k] - b[k];
  return d;
}

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
 * A reading with a counter below the baseline `prev` (same membership): a stale copy, or a restart
 * of the team counters (the rule is in this file's header and docs/product.md 'The numbers').
 */
function diffBackwards(prev: Snapshot, cur: MemberReading, pollTime: Date): DiffResult {
  const down = COUNTERS.find((k) => cur[k] < prev[k])!;
  const detail = `${down} ${prev[down]} → ${cur[down]}`;
  const kept = (snapshot: Snapshot, changed: boolean): DiffResult => ({
    outcome: 'bad-reading',
    batch: null,
    snapshot,
    snapshotChanged: changed,
    detail,
  });
  const lifetime = cur.racesPlayed - prev.racesPlayed;
  if (lifetime < 0) return kept(prev, false);
  /** Re-based at this reading, `d` counted (what was raced since `since`), unless `d` is absurd. */
  const rebased = (d: Counters, since: Date, why: string): DiffResult | null =>
    implausibleGrowth(d, pollTime.getTime() - since.getTime())
      ? null
      : {
          outcome: 'reset',
          batch: d.played > 0 ? batchOf(d, pollTime) : null,
          snapshot: toSnapshot(cur, pollTime),
          snapshotChanged: true,
          detail: `${detail}, ${why}`,
        };
  const teamFell = TEAM_COUNTERS.every((k) => cur[k] <= prev[k]);
  if (teamFell && lifetime > 0 && cur.played <= lifetime) {
    const sinceRestart = { ...countersOf(cur), racesPlayed: lifetime };
    const r = rebased(sinceRestart, prev.takenAt, `racesPlayed +${lifetime}: counted from the restart`);
    if (r) return r;
  }
  const low = prev.low;
  if (
    low &&
    low.takenAt.getTime() < pollTime.getTime() &&
    cur.played > low.played &&
    COUNTERS.every((k) => cur[k] >= low[k])
  ) {
    const r = rebased(minus(cur, low), low.takenAt, `low since ${low.takenAt.toISOString()}: counted from there`);
    if (r) return r;
  }
  // The same low reading again keeps the first one (and its time): a repeated poll changes nothing.
  if (low && COUNTERS.every((k) => cur[k] === low[k])) return kept(prev, false);
  return kept({ ...prev, low: { takenAt: pollTime, ...countersOf(cur) } }, true);
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

  const d = minus(cur, prev);
  if (COUNTERS.some((k) => d[k] < 0)) return diffBackwards(prev, cur, pollTime);
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
    // A low reading kept since the baseline is dropped: the counters are back.
    const same =
      !prev.low &&
      prev.displayName === cur.displayName &&
      prev.avgSpeed === cur.avgSpeed &&
      prev.highestSpeed === cur.highestSpeed;
    return same
      ? { outcome: 'unchanged', batch: null, snapshot: prev, snapshotChanged: false }
      : { outcome: 'unchanged', batch: null, snapshot: next, snapshotChanged: true };
  }

  return { outcome: 'batch', batch: batchOf(d, pollTime), snapshot: next, snapshotChanged: true };
}
