/**
 * Bulk history for the demo: walks every 10-minute slot from `from` to `to`, runs each team's raw
 * body through the same parse → applyPoll → diff code as live polling, and writes one site-time
 * day at a time (batches with rollups, and the state reached: team info, racers, memberships,
 * baselines) in one transaction per day. The database ends exactly as slot-by-slot polling would
 * leave it; a day written is a consistent checkpoint, so an interrupted backfill never double counts.
 */
import { loadTeamState } from '../db/collector-state-repo.js';
import type { Database } from '../db/database.js';
import { bumpDataVersion } from '../db/data-version.js';
import { dayKeyOf } from '../../rules/site-time.js';
import { parseTeamBody } from './parse.js';
import { addFailure, addPoll, emptyWrites, flushWrites, isEmpty, type PendingWrites } from './pending-writes.js';
import { applyPoll, type TeamState } from './team-state.js';

export const SLOT_MS = 600_000;

export interface BackfillProgress {
  slotsDone: number;
  slotsTotal: number;
  /** The last slot written. */
  at: Date;
  batches: number;
}

export interface BackfillOptions {
  db: Database;
  tz: string;
  tags: string[];
  from: Date;
  to: Date;
  /** The raw body the game would have answered for `tag` at `at`. */
  source: (tag: string, at: Date) => string;
  onProgress?: (p: BackfillProgress) => void;
  /** Stops the walk after the day being written has committed (the server is stopping); rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface BackfillResult {
  slots: number;
  polls: number;
  failures: number;
  batches: number;
  ms: number;
}

/** Gives queued requests a turn between two days of work (PGlite runs in this thread). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function backfill(o: BackfillOptions): Promise<BackfillResult> {
  const started = performance.now();
  const tags = o.tags.map((t) => t.toUpperCase());
  const states = new Map<string, TeamState>();
  for (const tag of tags) states.set(tag, await loadTeamState(o.db, tag));

  const first = o.from.getTime();
  const total = o.to.getTime() < first ? 0 : Math.floor((o.to.getTime() - first) / SLOT_MS) + 1;
  const result: BackfillResult = { slots: total, polls: 0, failures: 0, batches: 0, ms: 0 };
  let w: PendingWrites = emptyWrites();

  const flush = async (slotsDone: number, at: Date) => {
    if (!isEmpty(w)) {
      const pending = w;
      w = emptyWrites();
      const version = await o.db.transaction(async (tx) =>
        (await flushWrites(tx, pending, o.tz)) ? bumpDataVersion(tx) : null,
      );
      if (version !== null) o.db.dataChanges.notify(version);
    }
    o.onProgress?.({ slotsDone, slotsTotal: total, at, batches: result.batches });
    await yieldToEventLoop();
    o.signal?.throwIfAborted();
  };

  let day = total ? dayKeyOf(first, o.tz) : '';
  for (let i = 0; i < total; i++) {
    const at = new Date(first + i * SLOT_MS);
    const slotDay = dayKeyOf(at, o.tz);
    // Flushing on site-day boundaries keeps each daily rollup summed in one pass, as live polling does.
    if (slotDay !== day) {
      await flush(i, new Date(at.getTime() - SLOT_MS));
      day = slotDay;
    }
    for (const tag of tags) {
      const body = o.source(tag, at);
      const parsed = parseTeamBody(body, tag);
      result.polls++;
      if (!parsed.ok) {
        result.failures++;
        addFailure(w, { tag, fetchedAt: at, httpStatus: 200, error: `${parsed.reason}: ${parsed.message}`, body });
        continue;
      }
      const changes = applyPoll(states.get(tag)!, parsed.team, at);
      if (!changes) continue;
      result.batches += changes.batches.length;
      addPoll(w, changes, parsed.team.info, { fetchedAt: at, httpStatus: 200, body });
    }
  }
  await flush(total, new Date(first + Math.max(0, total - 1) * SLOT_MS));
  result.ms = Math.round(performance.now() - started);
  return result;
}
