/**
 * /teams/admin: Events and Squads of the selected team, for an admin (any team) or a teamadmin
 * (their own team only; the team dropdown is locked by the team layout). Everyone else sees the
 * spec's login notice.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Loading } from '../../ui/states';
import { TabPanel, tabId, Tabs } from '../../ui/tabs';
import { AdminEventsPanel } from './admin-events-panel';
import { DiscordPanel } from './discord-panel';
import { RequirementPanel } from './requirement-panel';
import { SquadsBoard } from './squads-board';
import './team-admin.css';
import { meQueryOptions, myTeamTagQueryOptions } from '../../api/session';

export const LOGIN_REQUIRED =
  'Login now required to add/modify/delete Events and manage Squads. Contact the author for account.';

export const NO_TEAM_GRANTED =
  'No team has been granted to your account yet, so you cannot manage any events or squads. Ask an admin to set your team under Admin → Users.';

type View = 'events' | 'squads' | 'requirements' | 'discord';
const VIEWS = [
  { key: 'events', label: 'Events' },
  { key: 'squads', label: 'Squads' },
  { key: 'requirements', label: 'Requirement' },
  { key: 'discord', label: 'Discord' },
];

export function TeamAdminPage({ tag }: { tag: string | undefined }) {
  const me = useQuery(meQueryOptions());
  const isTeamAdmin = me.data?.logged_in === true && me.data.role === 'teamadmin';
  const mine = useQuery({ ...myTeamTagQueryOptions(), enabled: isTeamAdmin });
  const [view, setView] = useState<View>('events');
  const panelId = useId();

  if (me.isPending) return <Loading />;
  const staff = me.data?.logged_in && (me.data.role === 'admin' || me.data.role === 'teamadmin');
  if (!staff) {
    return (
      <section className="card access-note" role="note">
        <p>{LOGIN_REQUIRED}</p>
      </section>
    );
  }
  if (isTeamAdmin && mine.isPending) return <Loading />;
  const ownTeam = isTeamAdmin ? (mine.data?.teamTag ?? null) : undefined;
  if (ownTeam === null) {
    return (
      <section className="card access-note" role="note">
        <p>{NO_TEAM_GRANTED}</p>
      </section>
    );
  }
  const team = ownTeam ?? tag;
  if (!team) return <Empty text="Select a team to manage its events and squads." />;

  return (
    <div className="team-admin">
      <Tabs
        items={VIEWS}
        active={view}
        onSelect={(k) => setView(k as View)}
        label="Team admin"
        variant="secondary"
        panelId={panelId}
      />
      <TabPanel id={panelId} labelledBy={[tabId(panelId, view)]}>
        {view === 'events' ? (
          <AdminEventsPanel key={team} tag={team} ownTeam={ownTeam} />
        ) : view === 'squads' ? (
          <SquadsBoard key={team} tag={team} />
        ) : view === 'requirements' ? (
          <RequirementPanel key={team} tag={team} />
        ) : (
          <DiscordPanel key={team} tag={team} />
        )}
      </TabPanel>
    </div>
  );
}
