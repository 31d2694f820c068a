/**
 * The naive oracle of the leaderboard tests: both boards of window `w` (the team board with and
 * without bots) equal to the same boards summed from raw batches only, Points to 1e-6.
 */
import { expect } from 'vitest';
import type { Database } from '../../server/db/database.js';
import { individualLeaderboard, rawPlan, teamLeaderboard } from '../../server/db/leaderboards/leaderboard-repo.js';
import type { Window } from '../../rules/site-time.js';
import { TEST_TZ } from './helpers.js';

const round = <T extends { Points: number }>(rows: T[]) => rows.map((r) => ({ ...r, Points: +r.Points.toFixed(6) }));

export async function expectBoardsEqualNaive(db: Database, w: Window, now: Date, label?: string): Promise<void> {
  const opts = { tz: TEST_TZ, now };
  const naive = { ...opts, pieces: rawPlan(w) };
  expect(round(await individualLeaderboard(db, w, opts)), label).toEqual(
    round(await individualLeaderboard(db, w, naive)),
  );
  for (const showBots of [false, true])
    expect(round(await teamLeaderboard(db, w, { ...opts, showBots })), label).toEqual(
      round(await teamLeaderboard(db, w, { ...naive, showBots })),
    );
}
