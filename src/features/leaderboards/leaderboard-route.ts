/**
 * What the /leaderboards route does before the page renders: the address made to name the board
 * actually shown (`shownSearch`: a reversed or future custom range, a day after today or a weekday
 * for a week are replaced), and the loader that starts that board under the keys the page reads:
 * the team board now and before it (rank changes), or the individual board's page of the address
 * (ranked by the server, rank changes included).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PeriodSelection } from '../../../rules/periods';
import { dayKeyOf } from '../../../rules/site-time';
import { boardWindow } from '../../api/leaderboard-window';
import { racerBoardPageQueryOptions, teamLeaderboardQueryOptions } from '../../api/leaderboards';
import { preload } from '../../api/preload';
import { cachedSiteTimezone } from '../../lib/site';
import { getStored } from '../../lib/storage';
import {
  resolveGroupBy,
  resolvePeriod,
  resolveSelection,
  selectionSearch,
  sendsShowBot,
  shownSelectionDiffers,
  type GroupBy,
  type LeaderboardSearch,
} from './leaderboard-selection';
import { racerBoardView } from './racer-board-view';

/** The view and board an address opens (or the remembered view and period when it names none). */
function opened(search: LeaderboardSearch, now: Date, tz: string): { groupBy: GroupBy; selection: PeriodSelection } {
  const groupBy = resolveGroupBy(search.view, getStored('leaderboardGroupBy'));
  const period = resolvePeriod(search.period, getStored('leaderboardActiveTab'));
  return { groupBy, selection: resolveSelection(period, search, now, tz, dayKeyOf(now, tz)) };
}

/** The address of the board shown, when it differs from `search` (else null). */
export function shownSearch(queryClient: QueryClient, search: LeaderboardSearch, now: Date): LeaderboardSearch | null {
  const { selection } = opened(search, now, cachedSiteTimezone(queryClient));
  return shownSelectionDiffers(search, selection) ? { ...search, ...selectionSearch(selection) } : null;
}

export function preloadBoards(queryClient: QueryClient, search: LeaderboardSearch, now: Date): void {
  const tz = cachedSiteTimezone(queryClient);
  const { groupBy, selection } = opened(search, now, tz);
  if (groupBy === 'individuals') {
    const view = racerBoardView(search);
    if (view.following) return;
    const { page, sort, dir, team } = view;
    const window = boardWindow(selection, false, now, tz);
    const showbot = view.showBots ? 'TRUE' : 'FALSE';
    preload(queryClient, racerBoardPageQueryOptions({ window, tz, page, sort, dir, showbot, team }));
    return;
  }
  // The team board opens with bots hidden.
  const showbot = sendsShowBot(groupBy, selection.period) ? 'FALSE' : undefined;
  for (const previous of [false, true]) {
    preload(
      queryClient,
      teamLeaderboardQueryOptions({ window: boardWindow(selection, previous, now, tz), showbot, tz }),
    );
  }
}
