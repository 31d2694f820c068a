/**
 * Writes one team's poll in one transaction: team info, racers, memberships, baselines, batches
 * with their rollups, the raw body and the data version. Idempotent: the same poll again finds
 * no delta and writes no batch. A body that cannot be parsed goes to failed_responses.
 */
import type { Database } from '../db/database.js';
import { bumpDataVersion } from '../db/data-version.js';
import { parseTeamBody, type ParseResult } from './parse.js';
import { loadTeamState, lockTeamForPoll } from '../db/collector-state-repo.js';
import { addFailure, addPoll, emptyWrites, flushWrites } from './pending-writes.js';
import { applyPoll, type MemberAnomaly, type PollCounts } from './team-state.js';

export interface PollInput {
  tag: string;
  /** When the answer was fetched: the snapshot time; batch end times are this, floored to 10 minutes. */
  at: Date;
  httpStatus: number;
  body: string;
}

export type WritePollResult =
  | ({ ok: true; stale: false; changed: boolean; dataVersion: number | null; anomalies: MemberAnomaly[] } & PollCounts)
  /** The poll is older than the latest one written for this team: nothing written. */
  | { ok: true; stale: true }
  | { ok: false; error: string };

/** Records a response that could not be used (bad status, HTML, broken JSON, network error). */
export async function recordFailure(
  db: Database,
  f: { tag: string; at: Date; httpStatus: number | null; error: string; body: string | null },
): Promise<void> {
  const w = emptyWrites();
  addFailure(w, { tag: f.tag, fetchedAt: f.at, httpStatus: f.httpStatus, error: f.error, body: f.body });
  await db.transaction((tx) => flushWrites(tx, w, 'UTC'));
}

/**
 * `partOfRun`: the write is one team of a collector run, whose end bumps the data version again as
 * a whole change (data-version.ts): this one moves the data version only, not the live version.
 */
export async function writePoll(
  db: Database,
  input: PollInput,
  tz: string,
  parsed?: ParseResult,
  o: { partOfRun?: boolean } = {},
): Promise<WritePollResult> {
  const tag = input.tag.toUpperCase();
  const result = parsed ?? parseTeamBody(input.body, tag);
  if (!result.ok) {
    const error = `${result.reason}: ${result.message}`;
    await recordFailure(db, { tag, at: input.at, httpStatus: input.httpStatus, error, body: input.body });
    return { ok: false, error };
  }
  const team = result.team;
  const outcome = await db.transaction(async (tx) => {
    await lockTeamForPoll(tx, tag);
    const state = await loadTeamState(tx, tag);
    const changes = applyPoll(state, team, input.at);
    if (!changes) return null;
    const w = emptyWrites();
    addPoll(w, changes, team.info, { fetchedAt: input.at, httpStatus: input.httpStatus, body: input.body });
    const changed = await flushWrites(tx, w, tz);
    const dataVersion = changed ? await bumpDataVersion(tx, { partOfRun: o.partOfRun }) : null;
    return { counts: changes.counts, anomalies: changes.anomalies, changed, dataVersion };
  });
  if (!outcome) return { ok: true, stale: true };
  if (outcome.dataVersion !== null) db.dataChanges.notify(outcome.dataVersion);
  return {
    ok: true,
    stale: false,
    changed: outcome.changed,
    dataVersion: outcome.dataVersion,
    anomalies: outcome.anomalies,
    ...outcome.counts,
  };
}
