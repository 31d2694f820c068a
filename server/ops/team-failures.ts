/**
 * The teams the collector cannot read now, with since when and the newest failure in words: for
 * GET /api/health (tracked teams) and the admin's tracked-teams list.
 */
import type { FailingTeam } from '../../contract/health.js';
import type { Queryable } from '../db/database.js';
import { failingTeamRows } from '../db/team-failures-repo.js';
import { failureInWords } from '../collector/failure-words.js';

export interface TeamFailure extends FailingTeam {
  tracked: boolean;
}

export async function teamFailures(q: Queryable): Promise<TeamFailure[]> {
  return (await failingTeamRows(q)).map((r) => ({
    tag: r.tag,
    tracked: r.tracked,
    failingSince: r.since.toISOString(),
    lastFailedAt: r.lastFailedAt.toISOString(),
    lastError: failureInWords(r.httpStatus, r.error),
    lastSuccessfulPollAt: r.lastSuccessAt ? r.lastSuccessAt.toISOString() : null,
  }));
}

/** What GET /api/health lists: tracked teams only (a team no longer polled is not failing). */
export async function failingTrackedTeams(q: Queryable): Promise<FailingTeam[]> {
  return (await teamFailures(q)).filter((f) => f.tracked).map(({ tracked: _, ...f }) => f);
}
