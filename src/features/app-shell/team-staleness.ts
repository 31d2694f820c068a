/** Whether a team's data is stale: its last successful poll is older than three 10-minute slots. */

export const STALE_AFTER_MS = 30 * 60_000;

export type Staleness = { kind: 'fresh' } | { kind: 'never' } | { kind: 'since'; at: string };

/**
 * `lastPolledAt` from the team info (null: never collected), judged at `at` (epoch ms): now while
 * online; offline, when the saved answer was fetched (what is known, not what may have happened since).
 */
export function teamStaleness(lastPolledAt: string | null, at: number): Staleness {
  if (lastPolledAt === null) return { kind: 'never' };
  const polled = Date.parse(lastPolledAt);
  if (Number.isNaN(polled) || at - polled <= STALE_AFTER_MS) return { kind: 'fresh' };
  return { kind: 'since', at: lastPolledAt };
}
