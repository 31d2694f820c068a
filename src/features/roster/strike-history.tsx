/** The strike history card: every weekly-requirement strike of the team, newest week first, active or expired, exportable. */
import { useQuery } from '@tanstack/react-query';
import type { StrikeEntry } from '../../../contract/requirements';
import { weekLabel } from '../../../rules/weekly-requirement';
import { strikeHistoryQueryOptions } from '../../api/teams';
import { formatInt } from '../../lib/format';
import { Card } from '../../ui/card';
import { DataTable, type Column } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { RacerName } from '../../ui/racer-name';
import { QueryView } from '../../ui/states';
import { strikeHistoryFileBase, strikeHistorySheet } from './health-export';

const columns: Column<StrikeEntry>[] = [
  {
    key: 'CurrentDisplayName',
    identity: true,
    header: 'Current Display Name',
    render: (s) => <RacerName name={s.CurrentDisplayName} username={s.Username} bot={false} />,
  },
  { key: 'Week', header: 'Week', render: (s) => weekLabel(s.Week).replace(/^week of /, '') },
  {
    key: 'Races',
    header: 'Races / Owed',
    numeric: true,
    render: (s) => `${formatInt(s.Races)} / ${formatInt(s.Owed)}`,
  },
  {
    key: 'Active',
    header: 'Status',
    render: (s) =>
      s.Active ? (
        <span className="req-pill req-short">Counts until {s.ExpiresOn}</span>
      ) : (
        <span className="req-pill strike-expired">Expired {s.ExpiresOn}</span>
      ),
  },
];

export function StrikeHistory({ tag }: { tag: string }) {
  const query = useQuery(strikeHistoryQueryOptions(tag));
  const rows = query.data?.strikes ?? [];
  const active = rows.filter((s) => s.Active).length;
  return (
    <Card
      title={query.data ? `Strikes (${active} active, ${rows.length} in all)` : 'Strikes'}
      actions={
        <ExportButtons
          fileBase={strikeHistoryFileBase(tag)}
          sheets={() => [strikeHistorySheet(tag, rows)]}
          disabled={!rows.length}
        />
      }
      className="strike-history-card"
    >
      <QueryView
        query={query}
        loadingText="Loading strikes..."
        errorText={(error) => `Failed to fetch strikes: ${error.message}`}
      >
        {() => (
          <DataTable
            caption={`Weekly-requirement strikes of ${tag}`}
            columns={columns}
            rows={rows}
            rowKey={(s) => `${s.Week}|${s.UserID}`}
            maxHeight="420px"
            leadColumns={['Week']}
            emptyText="No strikes yet: nobody has fallen below the weekly requirement in a judged week."
          />
        )}
      </QueryView>
    </Card>
  );
}
