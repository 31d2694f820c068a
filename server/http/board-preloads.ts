/**
 * The API calls a fresh visit to the leaderboard makes first, so the page's HTML can ask for them
 * (`<link rel=preload as=fetch>`) while its scripts still download. Each address must be exactly
 * the one the app will fetch (src/lib/api.ts `apiUrl`: the same parameters in the same order), or
 * the browser fetches twice: the board of the address's view and period (team board, 24 hours when
 * it names none) with the app's default settings (flagged racers hidden): the team board now and
 * the window before it (rank changes), or the individual board's first page as the server ranks it
 * (src/api/leaderboards.ts `racerPageParams`: rank changes come with its rows). A choice the
 * address does not fully name (a custom range, a given day) or an individual view it changes
 * (sort, dir, page, team, bots, list) preloads no board.
 */
import {
  apiTimes,
  defaultSelection,
  isPeriod,
  periodWindow,
  previousWindow,
  type Period,
} from '../../rules/periods.js';

/** The individual board's view params (src/features/leaderboards/racer-board-view.ts). */
const INDIVIDUAL_VIEW_PARAMS = ['sort', 'dir', 'page', 'team', 'bots', 'list'];

/** Calls every screen makes on start (the root route's login state and site settings). */
const START_CALLS = ['/api/site', '/api/me'];

function boardCall(path: string, params: Record<string, string | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) qs.set(k, v);
  return `${path}?${qs.toString()}`;
}

/** The API addresses a navigation to `url` (path and query) will fetch first; none off the board (`/` is the board). */
export function boardPreloads(url: string, now: Date, tz: string): string[] {
  const parsed = new URL(url, 'http://site.invalid');
  if (parsed.pathname !== '/' && parsed.pathname !== '/leaderboards') return [];
  // `/` redirects to the board without its query.
  const searchParams = parsed.pathname === '/' ? new URLSearchParams() : parsed.searchParams;
  const view = searchParams.get('view') ?? 'teams';
  const periodParam = searchParams.get('period') ?? '24hour';
  const named = ['date', 'from', 'to'].some((k) => searchParams.has(k));
  if ((view !== 'teams' && view !== 'individuals') || !isPeriod(periodParam) || periodParam === 'custom' || named) {
    return START_CALLS;
  }
  const period: Period = periodParam;
  const selection = defaultSelection(period, now, tz);
  const teams = view === 'teams';
  if (!teams) {
    if (INDIVIDUAL_VIEW_PARAMS.some((k) => searchParams.has(k))) return START_CALLS;
    const first = { page: '1', pageSize: '50', sort: 'Points', dir: 'desc', showbot: 'FALSE' };
    return [
      ...START_CALLS,
      boardCall('/api/individual-leaderboard', { ...apiTimes(periodWindow(selection, now, tz), tz), ...first }),
    ];
  }
  // docs/product.md §7: showbot goes with the team 24 hour, 7 day and daily boards only.
  const showbot = period === '24hour' || period === '7day' || period === 'daily' ? 'FALSE' : undefined;
  const boards = [periodWindow(selection, now, tz), previousWindow(selection, now, tz)].map((w) =>
    boardCall('/api/team-leaderboard', { ...apiTimes(w, tz), showbot }),
  );
  return [...START_CALLS, ...boards];
}
