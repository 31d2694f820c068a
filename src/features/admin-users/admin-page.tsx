/**
 * /admin: User Management for admins (docs/product.md §2), with the site's other staff tools beside it:
 * tracked teams, bot flags and the audit log. Anyone else sees "Admin access required".
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../ui/states';
import { TabPanel, tabId, Tabs } from '../../ui/tabs';
import { AuditLogPanel } from './audit-log-panel';
import { BotFlagsPanel } from './bot-flags-panel';
import { TrackedTeamsPanel } from './tracked-teams-panel';
import { UsersPanel } from './users-panel';
import './admin.css';
import { meQueryOptions } from '../../api/session';

const VIEWS = [
  { key: 'users', label: 'Users' },
  { key: 'teams', label: 'Tracked Teams' },
  { key: 'bots', label: 'Bot Flags' },
  { key: 'audit', label: 'Audit Log' },
] as const;
type View = (typeof VIEWS)[number]['key'];

export function AdminPage() {
  const me = useQuery(meQueryOptions());
  const [view, setView] = useState<View>('users');
  const panelId = useId();
  if (me.isPending) return <Loading />;
  if (!me.data?.logged_in || me.data.role !== 'admin') {
    return (
      <section className="card access-note" role="note">
        <h1 className="page-title">User Management</h1>
        <p>Admin access required</p>
      </section>
    );
  }
  return (
    <div className="admin-page">
      <h1 className="page-title">User Management</h1>
      <Tabs
        items={[...VIEWS]}
        active={view}
        onSelect={(k) => setView(k as View)}
        label="Admin sections"
        panelId={panelId}
      />
      <TabPanel id={panelId} labelledBy={[tabId(panelId, view)]}>
        {view === 'users' ? <UsersPanel /> : null}
        {view === 'teams' ? <TrackedTeamsPanel /> : null}
        {view === 'bots' ? <BotFlagsPanel /> : null}
        {view === 'audit' ? <AuditLogPanel /> : null}
      </TabPanel>
    </div>
  );
}
