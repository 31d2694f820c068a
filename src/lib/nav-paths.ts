/** Which top tab and which team sub-tab an address belongs to (docs/product.md §2). */

export type TopTab = 'leaderboards' | 'teams' | 'racers' | 'about' | 'admin';

/** The active top tab from the path prefix: racers, leaderboards (and the Hall of Fame), about, /admin, otherwise teams. */
export function topTabFromPath(pathname: string): TopTab {
  const first = pathname.split('/')[1] ?? '';
  if (first === 'racers') return 'racers';
  if (first === 'leaderboards' || first === 'halloffame') return 'leaderboards';
  if (first === 'about') return 'about';
  if (first === 'admin') return 'admin';
  return 'teams';
}

export type TeamTab =
  'roster' | 'events' | 'eventviewer' | 'activity' | 'trackers' | 'health' | 'free-agents' | 'admin';

export const TEAM_TABS: {
  key: TeamTab;
  label: string;
  to: '/roster' | '/events' | '/eventviewer' | '/activity' | '/trackers' | '/health' | '/free-agents' | '/teams/admin';
}[] = [
  { key: 'roster', label: 'Roster', to: '/roster' },
  { key: 'events', label: 'Events', to: '/events' },
  { key: 'eventviewer', label: 'Event Viewer', to: '/eventviewer' },
  { key: 'activity', label: 'Activity', to: '/activity' },
  { key: 'trackers', label: 'Trackers', to: '/trackers' },
  // Beyond the spec: roster health for captains.
  { key: 'health', label: 'Health', to: '/health' },
  // Beyond the spec: racers who recently left a tracked team, for captains recruiting.
  { key: 'free-agents', label: 'Free agents', to: '/free-agents' },
  { key: 'admin', label: 'Admin', to: '/teams/admin' },
];

/** The team sub-tab of a team address (roster when none matches). */
export function teamTabFromPath(pathname: string): TeamTab {
  const tab = TEAM_TABS.find((t) => pathname === t.to || pathname.startsWith(`${t.to}/`));
  return tab ? tab.key : 'roster';
}
