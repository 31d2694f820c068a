/**
 * /free-agents: racers who left a tracked team in the last 14 days and are on no tracked team now,
 * with their last team, when they left and their last 7 days; sortable and exportable. The list
 * is the same whichever team is selected.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FreeAgentRow } from '../../../contract/free-agents';
import { FREE_AGENT_DAYS, FREE_AGENT_FORM_DAYS } from '../../../rules/hall-of-fame';
import { freeAgentsQueryOptions } from '../../api/hall-of-fame';
import { formatAccuracy, formatCT, formatInt, formatWpm } from '../../lib/format';
import { Card } from '../../ui/card';
import { DataTable, type Column } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { RacerName, UsernameLink } from '../../ui/racer-name';
import { QueryView } from '../../ui/states';
import {
  DEFAULT_FREE_AGENT_SORT,
  freeAgentsSheet,
  nextFreeAgentSort,
  sortFreeAgents,
  type FreeAgentSort,
  type FreeAgentSortKey,
} from './free-agents-rows';
import './free-agents.css';

const columns: Array<Column<FreeAgentRow> & { key: FreeAgentSortKey }> = [
  {
    key: 'CurrentDisplayName',
    header: 'Current Display Name',
    sortable: true,
    identity: true,
    render: (r) => <RacerName name={r.CurrentDisplayName} username={r.Username} bot={r.bot === 1} />,
  },
  { key: 'Username', header: 'Username', sortable: true, render: (r) => <UsernameLink username={r.Username} /> },
  { key: 'LastTeam', header: 'Last Team', sortable: true, render: (r) => r.LastTeam },
  { key: 'LeftAt', header: 'Left', sortable: true, render: (r) => formatCT(r.LeftAt) },
  { key: 'Races', header: 'Races (7 d)', sortable: true, numeric: true, render: (r) => formatInt(r.Races) },
  { key: 'WPM', header: 'WPM (7 d)', sortable: true, numeric: true, render: (r) => formatWpm(r.WPM) },
  {
    key: 'Accuracy',
    header: 'Accuracy (7 d)',
    sortable: true,
    numeric: true,
    render: (r) => formatAccuracy(r.Accuracy),
  },
  { key: 'Points', header: 'Points (7 d)', sortable: true, numeric: true, render: (r) => formatInt(r.Points) },
];

export function FreeAgentsPage() {
  const query = useQuery(freeAgentsQueryOptions());
  const [sort, setSort] = useState<FreeAgentSort>(DEFAULT_FREE_AGENT_SORT);
  const rows = useMemo(() => sortFreeAgents(query.data ?? [], sort), [query.data, sort]);

  return (
    <Card
      title={query.data ? `Free agents (${query.data.length})` : 'Free agents'}
      actions={<ExportButtons fileBase="free_agents" sheets={() => [freeAgentsSheet(rows)]} disabled={!rows.length} />}
      className="free-agents-card"
    >
      <p className="free-agents-intro">
        Racers who left a tracked team in the last {FREE_AGENT_DAYS} days and are on no tracked team now, with their
        races, WPM and accuracy over the last {FREE_AGENT_FORM_DAYS} days (today included) on any team.
      </p>
      <QueryView
        query={query}
        loadingText="Loading free agents..."
        errorText={(error) => `Failed to fetch free agents: ${error.message}`}
      >
        {() => (
          <DataTable
            caption="Free agents"
            columns={columns}
            rows={rows}
            rowKey={(r) => String(r.UserID)}
            sort={sort}
            onHeaderClick={(key) => setSort((s) => nextFreeAgentSort(s, key as FreeAgentSortKey))}
            leadColumns={['LastTeam', 'Races']}
            emptyText={`Nobody has left a tracked team in the last ${FREE_AGENT_DAYS} days without joining another.`}
          />
        )}
      </QueryView>
    </Card>
  );
}
