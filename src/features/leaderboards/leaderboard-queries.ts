/**
 * Query options of the leaderboards: one board for one window. A calendar window's key holds its
 * API times; a rolling one (24 hours, 7 days, or the span before it for rank changes) is keyed by
 * its name and reads the clock when it fetches, so its last answer stays the board of that view
 * (offline, on a cold start, a minute later) and it refreshes every minute while shown. The key
 * also holds the bot flag and the site time zone.
 */
import { queryOptions } from '@tanstack/react-query';
import type { IndividualLeaderboardRow, TeamLeaderboardRow } from '../../../contract/leaderboards';
import { apiTimes, periodWindow, previousWindow, type ApiTimes, type PeriodSelection } from '../../../rules/periods';
import { apiGet } from '../../lib/api';

const ROLLING_REFRESH_MS = 60_000;

/** Which board a query asks for: a calendar window's times, or a rolling window by name. */
export type BoardWindow = ApiTimes | { rolling: '24hour' | '7day'; previous: boolean };

/** The window of a selection (or of the one before it, `previous`) as a board query asks for it. */
export function boardWindow(sel: PeriodSelection, previous: boolean, now: Date, tz: string): BoardWindow {
  if (sel.period === '24hour' || sel.period === '7day') return { rolling: sel.period, previous };
  return apiTimes(previous ? previousWindow(sel, now, tz) : periodWindow(sel, now, tz), tz);
}

/** The API times to send for a board window at `now`. */
export function boardTimes(w: BoardWindow, now: Date, tz: string): ApiTimes {
  if (!('rolling' in w)) return w;
  const sel = { period: w.rolling };
  return apiTimes(w.previous ? previousWindow(sel, now, tz) : periodWindow(sel, now, tz), tz);
}

/** A board's rows with the API times they were asked for (a rolling board is labelled with them). */
export interface BoardAnswer<Row> {
  times: ApiTimes;
  rows: Row[];
}

async function fetchBoard<Row>(
  path: string,
  w: BoardWindow,
  tz: string,
  showbot?: 'TRUE' | 'FALSE',
): Promise<BoardAnswer<Row>> {
  const times = boardTimes(w, new Date(), tz);
  return { times, rows: await apiGet<Row[]>(path, { ...times, showbot }) };
}

const refreshOf = (w: BoardWindow) => ('rolling' in w ? ROLLING_REFRESH_MS : false);

export interface TeamBoardArgs {
  window: BoardWindow;
  /** Sent only by the team 24 hour, 7 day and daily views. */
  showbot?: 'TRUE' | 'FALSE';
  tz: string;
}

export function teamLeaderboardQueryOptions({ window, showbot, tz }: TeamBoardArgs) {
  return queryOptions({
    queryKey: ['team-leaderboard', { ...window, showbot: showbot ?? null, tz }] as const,
    queryFn: () => fetchBoard<TeamLeaderboardRow>('/api/team-leaderboard', window, tz, showbot),
    refetchInterval: refreshOf(window),
  });
}

export function individualLeaderboardQueryOptions({ window, tz }: { window: BoardWindow; tz: string }) {
  return queryOptions({
    queryKey: ['individual-leaderboard', { ...window, tz }] as const,
    queryFn: () => fetchBoard<IndividualLeaderboardRow>('/api/individual-leaderboard', window, tz),
    refetchInterval: refreshOf(window),
  });
}
