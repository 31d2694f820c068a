/**
 * GET /api/team-leaderboard and /api/individual-leaderboard: one board for one window, keyed
 * `['leaderboards', kind, params]` (a rolling window by its name, see leaderboard-window.ts). A
 * rolling board refreshes every minute while shown.
 */
import { queryOptions } from '@tanstack/react-query';
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../contract/leaderboards';
import type { ApiTimes } from '../../rules/periods';
import { call } from './client';
import { keys, type BoardKind } from './keys';
import { routes } from './routes';
import { boardTimes, type BoardWindow } from './leaderboard-window';

const ROLLING_REFRESH_MS = 60_000;

/** A board's rows with the API times they were asked for (a rolling board is labelled with them). */
export interface BoardAnswer<Row> {
  times: ApiTimes;
  rows: Row[];
}

export interface BoardArgs {
  window: BoardWindow;
  /** Sent only by the team 24 hour, 7 day and daily views. */
  showbot?: 'TRUE' | 'FALSE';
  tz: string;
}

type Times = ApiTimes & { showbot?: 'TRUE' | 'FALSE' };

function boardOptions<Row>(
  kind: BoardKind,
  { window, showbot, tz }: BoardArgs,
  fetchRows: (q: Times) => Promise<Row[]>,
) {
  return queryOptions({
    queryKey: keys.leaderboard(kind, { window, showbot: showbot ?? null, tz }),
    queryFn: async (): Promise<BoardAnswer<Row>> => {
      const times = boardTimes(window, new Date(), tz);
      return { times, rows: await fetchRows({ ...times, showbot }) };
    },
    refetchInterval: 'rolling' in window ? ROLLING_REFRESH_MS : false,
  });
}

export const teamLeaderboardQueryOptions = (args: BoardArgs) =>
  boardOptions<TeamLeaderboardRow>('team', args, (query) => call(routes.teamLeaderboard, { query }));

export const individualLeaderboardQueryOptions = (args: Omit<BoardArgs, 'showbot'>) =>
  boardOptions<IndividualLeaderboardRow>('individual', args, ({ start_time, end_time }) =>
    call(routes.individualLeaderboard, { query: { start_time, end_time } }),
  );
