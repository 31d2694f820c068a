/**
 * GET /api/team-leaderboard and /api/individual-leaderboard: one board for one window, keyed
 * `['leaderboards', kind, params]` (a rolling window by its name, see leaderboard-window.ts). The
 * team board is a whole list; the individual board is read one page at a time, ranked by the
 * server, and a racer's standing comes from GET /api/individual-leaderboard/rank. A rolling board
 * refreshes every minute while shown.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  IndividualLeaderboardPage,
  IndividualLeaderboardRow,
  IndividualRankResponse,
  IndividualSortKey,
  RankedIndividualLeaderboardRow,
  SortDirection,
  TeamLeaderboardRow,
} from '../../contract/leaderboards';
import type { ApiTimes } from '../../rules/periods';
import { ApiError, call } from './client';
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

/** The individual board's whole list for a window: what its export holds (the screen reads pages). */
export const individualLeaderboardQueryOptions = (args: Omit<BoardArgs, 'showbot'>) =>
  boardOptions<IndividualLeaderboardRow>('individual', args, async ({ start_time, end_time }) => {
    const answer = await call(routes.individualLeaderboard, { query: { start_time, end_time } });
    return Array.isArray(answer) ? answer : answer.rows;
  });

/** The individual board's sortable columns, as the server names them (contract INDIVIDUAL_SORT_KEYS). */
export const BOARD_SORTS = [
  'Points',
  'Races',
  'WPM',
  'Accuracy',
  'CurrentDisplayName',
  'Username',
  'TeamTag',
] as const satisfies readonly IndividualSortKey[];
export type BoardSortKey = IndividualSortKey;
export type SortDir = SortDirection;
export const BOARD_PAGE_SIZE = 50;

/** A board row with its standing now and in the window before (null when it had no races then). */
export type RankedRacerRow = RankedIndividualLeaderboardRow;
export type RacerBoardPage = IndividualLeaderboardPage;
export type RacerStanding = IndividualRankResponse;

/** What picks one page of the individual board (besides its window). */
export interface RacerPageArgs {
  window: BoardWindow;
  tz: string;
  page: number;
  sort: BoardSortKey;
  dir: SortDir;
  showbot: 'TRUE' | 'FALSE';
  team?: string;
}

/** The page's query parameters, in one order so that one page is one cached answer. */
export function racerPageParams(times: ApiTimes, a: Omit<RacerPageArgs, 'window' | 'tz'>) {
  return {
    start_time: times.start_time,
    end_time: times.end_time,
    page: String(a.page),
    pageSize: String(BOARD_PAGE_SIZE),
    sort: a.sort,
    dir: a.dir,
    showbot: a.showbot,
    team: a.team,
  };
}

export const racerBoardPageQueryOptions = ({ window, tz, ...pick }: RacerPageArgs) =>
  queryOptions({
    queryKey: keys.leaderboardPage({ ...window, tz, ...pick, team: pick.team ?? null }),
    queryFn: async (): Promise<RacerBoardPage & { times: ApiTimes }> => {
      const times = boardTimes(window, new Date(), tz);
      const answer = await call(routes.individualLeaderboard, { query: racerPageParams(times, pick) });
      // With `page` the server answers a page (the whole list only without it).
      if (Array.isArray(answer)) throw new Error('Expected a page of the board');
      return { ...answer, times };
    },
    refetchInterval: 'rolling' in window ? ROLLING_REFRESH_MS : false,
  });

export interface RacerStandingArgs {
  window: BoardWindow;
  tz: string;
  username: string;
  showbot: 'TRUE' | 'FALSE';
  /** Rows above and below (the You card asks for 2, the Following list for none). */
  radius: number;
}

/**
 * A racer's standing, or null when they are not on the board (no races in the window: the API's
 * 404). Null is an answer, saved like any other, so offline the card says "no races" again
 * instead of "not saved".
 */
export const racerStandingQueryOptions = ({ window, tz, username, showbot, radius }: RacerStandingArgs) =>
  queryOptions({
    queryKey: keys.leaderboardStanding({ ...window, tz, username, showbot, radius }),
    queryFn: async (): Promise<RacerStanding | null> => {
      const times = boardTimes(window, new Date(), tz);
      try {
        return await call(routes.individualRank, { query: { ...times, username, showbot, radius: String(radius) } });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    refetchInterval: 'rolling' in window ? ROLLING_REFRESH_MS : false,
  });
