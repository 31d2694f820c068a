/** The server's ranked rows as the board's rows: the standing and its change come with each row. */
import { rankChange } from '../../../rules/rank-change';
import type { RankedRacerRow } from '../../api/leaderboards';
import type { BoardRow } from './leaderboard-rows';

/** A row the board does not count (a flagged racer's, bots hidden) has no rank: 0, and no change. */
export function rankedBoardRow(row: RankedRacerRow): BoardRow<RankedRacerRow> {
  if (row.Rank === null) return { row, rank: 0, change: null };
  return { row, rank: row.Rank, change: rankChange(row.Rank, row.PreviousRank ?? undefined) };
}

/** The racer's rank, 0 when the board does not count them. */
export const rankOf = (row: RankedRacerRow): number => row.Rank ?? 0;
