/** The membership log card: a team's dated joins, rejoins, leaves and display-name changes, newest first, exportable. */
import { useQuery } from '@tanstack/react-query';
import type { MembershipEvent } from '../../../contract/roster-health';
import { Card } from '../../ui/card';
import { DataTable, type Column } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { MISSING } from '../../lib/format';
import { RacerName, UsernameLink } from '../../ui/racer-name';
import { QueryView } from '../../ui/states';
import { formatSiteMinute, KIND_LABEL } from './health-format';
import { membershipLogFileBase, membershipLogSheet } from './health-export';
import { membershipLogQueryOptions } from '../../api/teams';

function logColumns(tag: string): Column<MembershipEvent>[] {
  return [
    {
      key: 'CurrentDisplayName',
      identity: true,
      header: 'Current Display Name',
      render: (e) => <RacerName name={e.CurrentDisplayName} username={e.Username} bot={false} />,
    },
    { key: 'At', header: 'Date (CT)', render: (e) => formatSiteMinute(e.At) },
    {
      key: 'Kind',
      header: 'Event',
      render: (e) => <span className={`log-kind log-${e.Kind}`}>{KIND_LABEL[e.Kind]}</span>,
    },
    { key: 'Details', header: 'Name Change', render: (e) => (e.Kind === 'name' ? `${e.From} → ${e.To}` : MISSING) },
    { key: 'Username', header: 'Username', render: (e) => <UsernameLink username={e.Username} tag={tag} /> },
  ];
}

export function MembershipLog({ tag }: { tag: string }) {
  const query = useQuery(membershipLogQueryOptions(tag));
  const rows = query.data ?? [];
  return (
    <Card
      title={query.data ? `Membership log (${rows.length})` : 'Membership log'}
      actions={
        <ExportButtons
          fileBase={membershipLogFileBase(tag)}
          sheets={() => [membershipLogSheet(tag, rows)]}
          disabled={!rows.length}
        />
      }
      className="membership-log-card"
    >
      <QueryView
        query={query}
        loadingText="Loading membership log..."
        errorText={(error) => `Failed to fetch membership log: ${error.message}`}
      >
        {() => (
          <DataTable
            caption={`Membership log of ${tag}`}
            columns={logColumns(tag)}
            rows={rows}
            rowKey={(e) => `${e.At}|${e.Kind}|${e.UserID}|${e.To ?? ''}`}
            maxHeight="520px"
            leadColumns={['At', 'Kind']}
            emptyText="No joins, leaves or name changes recorded for this team yet."
          />
        )}
      </QueryView>
    </Card>
  );
}
