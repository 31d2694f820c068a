/** SQL for collector_runs: one row per collector run, and the freshness of the data it brought. */
import type { Queryable } from './database.js';

/** Records a run's start; returns its id. */
export async function startCollectorRun(q: Queryable, startedAt: Date, snapshotAt: Date): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    'INSERT INTO collector_runs (started_at, snapshot_at) VALUES ($1, $2) RETURNING id',
    [startedAt.toISOString(), snapshotAt.toISOString()],
  );
  return Number(rows[0].id);
}

export async function finishCollectorRun(
  q: Queryable,
  runId: number,
  finishedAt: Date,
  teamsOk: number,
  teamsFailed: number,
): Promise<void> {
  await q.query('UPDATE collector_runs SET finished_at = $2, teams_ok = $3, teams_failed = $4 WHERE id = $1', [
    runId,
    finishedAt.toISOString(),
    teamsOk,
    teamsFailed,
  ]);
}

/**
 * When the last run that polled at least one team finished, null before the first. A run in which
 * every team failed brought no data: it does not make the data fresher.
 */
export async function lastSuccessfulPollAt(q: Queryable): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date | null }>(
    'SELECT max(finished_at) AS at FROM collector_runs WHERE teams_ok > 0',
  );
  return rows[0]?.at ?? null;
}
