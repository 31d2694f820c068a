/**
 * SQL of the teams the collector cannot read now: those whose newest recorded answer
 * (failed_responses) came after their last successful poll (teams.last_polled_at), with the first
 * failure since that success (kept by the pruning, collector-state-repo.ts) and the newest one.
 */
import type { Queryable } from './database.js';

export interface TeamFailureRow {
  tag: string;
  tracked: boolean;
  /** The last successful poll, null when the team never collected. */
  lastSuccessAt: Date | null;
  /** The first failure after the last success. */
  since: Date;
  lastFailedAt: Date;
  httpStatus: number | null;
  /** The collector's own text (poll.ts `failureText`, write-poll.ts parse failures). */
  error: string;
}

/** Every team failing now (tracked or not), by tag. */
export async function failingTeamRows(q: Queryable): Promise<TeamFailureRow[]> {
  const { rows } = await q.query<TeamFailureRow>(
    `SELECT t.tag, t.tracked, t.last_polled_at AS "lastSuccessAt",
            (SELECT min(s.fetched_at) FROM failed_responses s
              WHERE s.tag = t.tag AND s.fetched_at > COALESCE(t.last_polled_at, '-infinity'::timestamptz)) AS since,
            last.fetched_at AS "lastFailedAt", last.http_status AS "httpStatus", last.error
       FROM teams t
       CROSS JOIN LATERAL (
         SELECT f.fetched_at, f.http_status, f.error FROM failed_responses f
          WHERE f.tag = t.tag ORDER BY f.fetched_at DESC, f.id DESC LIMIT 1
       ) last
      WHERE last.fetched_at > COALESCE(t.last_polled_at, '-infinity'::timestamptz)
      ORDER BY t.tag`,
  );
  return rows;
}
