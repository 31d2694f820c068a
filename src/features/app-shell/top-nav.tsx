/**
 * The top navigation: brand, Leaderboards / Teams / Racers / About / Admin (admins only), and the
 * account area on the right. The active tab follows the path prefix; the tag in the address is
 * kept, and Teams falls back to the last selected tag. Beyond the spec: Me, the racer page of the
 * racer chosen with "This is me" (Find me, the picker, until one is chosen), and a bell for this
 * device's notifications beside the account area.
 */
import type { ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { topTabFromPath, type TopTab } from '../../lib/nav-paths';
import { validTag } from '../../lib/search';
import { useMyRacer } from '../../lib/my-racer';
import { getStored } from '../../lib/storage';
import { BellIcon, InfoIcon, RacerIcon, ShieldIcon, TeamIcon, TrophyIcon, UserIcon } from '../../ui/icons';
import { useMe } from '../../lib/session';

export function TopNav({ account }: { account: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const rawTag = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).tag });
  const me = useMe();
  const myRacer = useMyRacer();
  const mePath = myRacer ? `/racers/${encodeURIComponent(myRacer.username)}/` : '/racers/find-me';
  const onMe = pathname === '/racers/find-me' || pathname.startsWith(mePath) || pathname === mePath.slice(0, -1);
  // On the visitor's own racer page Me is the active tab, not Racers.
  const onNotifications = pathname === '/notifications';
  // The notifications screen belongs to no tab: the bell beside the account marks it.
  const active = onMe ? 'me' : onNotifications ? null : topTabFromPath(pathname);
  const tag = validTag(rawTag);
  const teamsTag = tag ?? validTag(getStored('selectedTag') ?? undefined);
  const current = (t: TopTab | 'me') =>
    t === active ? { 'aria-current': 'page' as const, className: 'nav-tab active' } : { className: 'nav-tab' };

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to="/leaderboards" search={{ tag }} className="brand" aria-label="NT Team Stats home">
          <img src="/icon-192.png" alt="" width={32} height={32} fetchPriority="low" />
          <span className="brand-name">
            NT <strong>Team Stats</strong>
          </span>
        </Link>
        <nav className="nav-tabs" aria-label="Main">
          <Link to="/leaderboards" search={{ tag }} {...current('leaderboards')}>
            <TrophyIcon />
            <span>Leaderboards</span>
          </Link>
          <Link to="/roster" search={{ tag: teamsTag }} {...current('teams')}>
            <TeamIcon />
            <span>Teams</span>
          </Link>
          <Link to="/racers" search={{ tag }} {...current('racers')} activeOptions={onMe ? { exact: true } : undefined}>
            <RacerIcon />
            <span>Racers</span>
          </Link>
          {myRacer ? (
            <Link
              to="/racers/$username/$subtab"
              params={{ username: myRacer.username, subtab: 'batch' }}
              search={{ tag: undefined }}
              {...current('me')}
              aria-label={`Me: ${myRacer.displayName}`}
            >
              <UserIcon />
              <span>Me</span>
            </Link>
          ) : (
            <Link to="/racers/find-me" {...current('me')}>
              <UserIcon />
              <span>Find me</span>
            </Link>
          )}
          <Link to="/about" {...current('about')}>
            <InfoIcon />
            <span>About</span>
          </Link>
          {me.logged_in && me.role === 'admin' ? (
            <Link to="/admin" {...current('admin')}>
              <ShieldIcon />
              <span>Admin</span>
            </Link>
          ) : null}
        </nav>
        <div className="topbar-account">
          <Link
            to="/notifications"
            className={`topbar-bell${onNotifications ? ' active' : ''}`}
            aria-label="Notifications"
            aria-current={onNotifications ? 'page' : undefined}
          >
            <BellIcon />
          </Link>
          {account}
        </div>
      </div>
    </header>
  );
}
