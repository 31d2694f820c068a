/**
 * The leaderboards route's loader: the board the address (or the remembered view and period)
 * opens on, and the board before it for rank changes, under the keys the page reads.
 */
import type { QueryClient } from '@tanstack/react-query';
import { dayKeyOf } from '../../../rules/site-time';
import { boardWindow } from '../../api/leaderboard-window';
import { individualLeaderboardQueryOptions, teamLeaderboardQueryOptions } from '../../api/leaderboards';
import { preload } from '../../api/preload';
import { cachedSiteTimezone } from '../../lib/site';
import { getStored } from '../../lib/storage';
import {
  resolveGroupBy,
  resolvePeriod,
  resolveSelection,
  sendsShowBot,
  type LeaderboardSearch,
} from './leaderboard-selection';

export function preloadBoards(queryClient: QueryClient, search: LeaderboardSearch, now: Date): void {
  const tz = cachedSiteTimezone(queryClient);
  const groupBy = resolveGroupBy(search.view, getStored('leaderboardGroupBy'));
  const period = resolvePeriod(search.period, getStored('leaderboardActiveTab'));
  const selection = resolveSelection(period, search, now, tz, dayKeyOf(now, tz));
  // The page opens with bots hidden.
  const showbot = sendsShowBot(groupBy, period) ? 'FALSE' : undefined;
  for (const previous of [false, true]) {
    const window = boardWindow(selection, previous, now, tz);
    if (groupBy === 'teams') preload(queryClient, teamLeaderboardQueryOptions({ window, showbot, tz }));
    else preload(queryClient, individualLeaderboardQueryOptions({ window, tz }));
  }
}
