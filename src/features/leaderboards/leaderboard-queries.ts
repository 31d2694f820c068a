/**
 * Query options of the leaderboards: one board for one window. The key holds the window's API
 * times, the bot flag and the site time zone, so a change of any of them is a different board.
 */
import { queryOptions } from '@tanstack/react-query';
import type { IndividualLeaderboardResponse, TeamLeaderboardResponse } from '../../../contract/leaderboards';
import type { ApiTimes } from '../../../server/domain/periods';
import { apiGet } from '../../lib/api';

export interface TeamBoardArgs extends ApiTimes {
  /** Sent only by the team 24 hour, 7 day and daily views. */
  showbot?: 'TRUE' | 'FALSE';
  tz: string;
}

export function teamLeaderboardQueryOptions({ start_time, end_time, showbot, tz }: TeamBoardArgs) {
  return queryOptions({
    queryKey: ['team-leaderboard', { start_time, end_time, showbot: showbot ?? null, tz }] as const,
    queryFn: () => apiGet<TeamLeaderboardResponse>('/api/team-leaderboard', { start_time, end_time, showbot }),
  });
}

export function individualLeaderboardQueryOptions({ start_time, end_time, tz }: ApiTimes & { tz: string }) {
  return queryOptions({
    queryKey: ['individual-leaderboard', { start_time, end_time, tz }] as const,
    queryFn: () => apiGet<IndividualLeaderboardResponse>('/api/individual-leaderboard', { start_time, end_time }),
  });
}
