/**
 * /leaderboards (the home screen): team and individual boards. The view, period and its day,
 * week, month or From/To live in the address (view, period, date, from, to), next to the kept tag;
 * so does the individual board's sort, dir, page, team, bots and list (racer-board-view.ts).
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { PERIODS } from '../../rules/periods';
import { LeaderboardsPage } from '../features/leaderboards/leaderboards-page';
import { GROUP_BYS, type LeaderboardSearch } from '../features/leaderboards/leaderboard-selection';
import { preloadBoards, shownSearch } from '../features/leaderboards/leaderboard-route';
import { BOARD_SORTS } from '../api/leaderboards';
import { dayParam, pageParam, tagParam } from '../lib/search';

const leaderboardSearchSchema = v.object({
  tag: tagParam,
  view: v.fallback(v.optional(v.picklist(GROUP_BYS)), undefined),
  period: v.fallback(v.optional(v.picklist(PERIODS)), undefined),
  date: dayParam,
  from: dayParam,
  to: dayParam,
  sort: v.fallback(v.optional(v.picklist(BOARD_SORTS)), undefined),
  dir: v.fallback(v.optional(v.picklist(['asc', 'desc'])), undefined),
  page: pageParam,
  team: tagParam,
  bots: v.fallback(v.optional(v.literal('1')), undefined),
  list: v.fallback(v.optional(v.literal('following')), undefined),
});

export const Route = createFileRoute('/leaderboards')({
  validateSearch: leaderboardSearchSchema,
  beforeLoad: ({ context, search }) => {
    const shown = shownSearch(context.queryClient, search, new Date());
    if (shown) throw redirect({ to: '/leaderboards', search: shown, replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => preloadBoards(context.queryClient, deps, new Date()),
  component: LeaderboardsRoute,
});

function LeaderboardsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LeaderboardsPage
      search={search}
      onSearch={(next: LeaderboardSearch, replace?: boolean) => void navigate({ search: next, replace })}
    />
  );
}
