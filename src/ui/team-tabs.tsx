/** The team sub-tabs (Roster, Events, Event Viewer, Activity, Trackers, Health, Admin); links keep the tag. */
import { Link, useRouterState } from '@tanstack/react-router';
import { TEAM_TABS, teamTabFromPath } from '../lib/nav-paths';
import { TabLinks } from './tabs';

export function TeamTabs({ tag }: { tag: string | undefined }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = teamTabFromPath(pathname);
  return (
    <TabLinks label="Team tabs">
      {TEAM_TABS.map((t) => {
        const props = {
          className: `tab${t.key === active ? ' active' : ''}`,
          'aria-current': t.key === active ? ('page' as const) : undefined,
        };
        // Trackers carry the tag in the path (/trackers/{tag}).
        return t.key === 'trackers' && tag ? (
          <Link key={t.key} to="/trackers/$tag" params={{ tag }} search={{ tag: undefined }} {...props}>
            {t.label}
          </Link>
        ) : (
          <Link key={t.key} to={t.to} search={{ tag }} {...props}>
            {t.label}
          </Link>
        );
      })}
    </TabLinks>
  );
}
