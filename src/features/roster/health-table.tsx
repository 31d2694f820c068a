/**
 * The Health card: each current member's idle days, weekly races and requirement checks, with a
 * "Needs attention" filter and CSV / Excel export of the rows shown.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { RosterHealthResponse } from '../../../contract/roster-health';
import { formatInt, formatWpm } from '../../lib/format';
import { useMyRacer } from '../../lib/my-racer';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { healthColumns } from './health-columns';
import { healthFileBase, healthSheet } from './health-export';
import { DEFAULT_HEALTH_SORT, nextHealthSort, sortHealth, type HealthSort, type HealthSortKey } from './health-sort';
import { rosterHealthQueryOptions } from '../../api/teams';
import { weekLabel } from '../../../rules/weekly-requirement';

function Requirements({ team }: { team: RosterHealthResponse }) {
  const parts = [
    team.WeeklyRequirement !== null ? `${formatInt(team.WeeklyRequirement)} races a week` : null,
    team.MinRaces !== null ? `${formatInt(team.MinRaces)} lifetime races` : null,
    team.MinSpeed !== null ? `${formatWpm(team.MinSpeed)} WPM average` : null,
  ].filter((p): p is string => p !== null);
  return (
    <p className="health-requirements">
      {parts.length ? (
        <>Team requirements: {parts.join(', ')}. </>
      ) : (
        <>This team sets no race or speed requirements. </>
      )}
      The weekly requirement is judged on the {weekLabel(team.JudgedWeek)} (pro rata for members who joined during it);
      a member below it gets a strike that counts for {team.StrikeWeeks} {team.StrikeWeeks === 1 ? 'week' : 'weeks'}.
      This week (from Sunday {team.WeekStart}) shows progress: "At risk" until a member reaches this week's share.
    </p>
  );
}

export function HealthTable({ tag }: { tag: string }) {
  const query = useQuery(rosterHealthQueryOptions(tag));
  const [sort, setSort] = useState<HealthSort>(DEFAULT_HEALTH_SORT);
  const [attentionOnly, setAttentionOnly] = useState(false);
  const me = useMyRacer();
  const members = query.data?.members;
  const needing = useMemo(() => (members ?? []).filter((m) => m.Attention.length > 0), [members]);
  const shown = useMemo(
    () => sortHealth(attentionOnly ? needing : (members ?? []), sort),
    [members, needing, attentionOnly, sort],
  );

  return (
    <Card
      title={members ? `Health (${needing.length} of ${members.length} need attention)` : 'Health'}
      actions={
        <ExportButtons
          fileBase={healthFileBase(tag)}
          sheets={() => [healthSheet(tag, shown)]}
          disabled={!shown.length}
        />
      }
      className="health-card"
    >
      <OfflineNote updatedAt={query.dataUpdatedAt} />
      {query.data ? (
        <>
          <Requirements team={query.data} />
          <label className="check health-filter">
            <input type="checkbox" checked={attentionOnly} onChange={(e) => setAttentionOnly(e.target.checked)} />
            Needs attention only ({needing.length})
          </label>
          <DataTable
            caption={`Roster health of ${tag}`}
            columns={healthColumns(query.data)}
            rows={shown}
            rowKey={(m) => String(m.UserID)}
            sort={sort}
            onHeaderClick={(key) => setSort((s) => nextHealthSort(s, key as HealthSortKey))}
            isMine={(m) => m.Username === me?.username}
            leadColumns={['Attention']}
            emptyText={attentionOnly ? 'No member needs attention.' : 'No members found for this team.'}
          />
        </>
      ) : query.isError ? (
        <ErrorBox text={`Failed to fetch roster health: ${query.error.message}`} />
      ) : (
        <Loading text="Loading roster health..." />
      )}
    </Card>
  );
}
