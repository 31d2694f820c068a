/**
 * The API calls a fresh visit to the leaderboard makes first, so the page's HTML can ask for them
 * (`<link rel=preload as=fetch>`) while its scripts still download. Each address must be exactly
 * the one the app will fetch (src/lib/api.ts `apiUrl`: the same parameters in the same order), or
 * the browser fetches twice: the board of the address's view and period (team board, 24 hours when
 * it names none), now and the window before it (rank changes), with the app's default settings
 * (flagged racers hidden). A choice the address does not fully name (a custom range, a given day)
 * preloads no board.
 */
import {
  apiTimes,
  defaultSelection,
  isPeriod,
  periodWindow,
  previousWindow,
  type Period,
} from '../../rules/periods.js';

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
  // Spec §7: showbot goes with the team 24 hour, 7 day and daily boards only.
  const showbot = teams && (period === '24hour' || period === '7day' || period === 'daily') ? 'FALSE' : undefined;
  const path = teams ? '/api/team-leaderboard' : '/api/individual-leaderboard';
  const boards = [periodWindow(selection, now, tz), previousWindow(selection, now, tz)].map((w) =>
    boardCall(path, { ...apiTimes(w, tz), showbot }),
  );
  return [...START_CALLS, ...boards];
}
