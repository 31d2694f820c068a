/**
 * The roster card: members of the selected team, sortable (Joined ascending at first), with the
 * weekly-requirement summary, a "short only" filter and CSV / Excel export. A logged-in admin also
 * gets a bot toggle per row. The visitor's own row ("This is me") is highlighted.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { RosterMember } from '../../../contract/roster';
import { weekLabel } from '../../../rules/weekly-requirement';
import { useOnline } from '../../lib/online';
import { useMyRacer } from '../../lib/my-racer';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { QueryView } from '../../ui/states';
import { BotFlagButton } from '../../ui/bot-flag-button';
import { rosterColumns } from './roster-columns';
import { rosterFileBase, rosterSheet } from './roster-export';
import { DEFAULT_ROSTER_SORT, nextRosterSort, sortRoster, type RosterSort, type RosterSortKey } from './roster-sort';
import { useMe } from '../../lib/session';
import { rosterQueryOptions } from '../../api/teams';
import { useBotFlag } from '../../lib/bot-flag';

function RequirementSummary({
  rows,
  shortOnly,
  onShortOnly,
}: {
  rows: RosterMember[];
  shortOnly: boolean;
  onShortOnly: (v: boolean) => void;
}) {
  const judged = rows.filter((r) => r.MeetsWeeklyRequirement !== null);
  const met = judged.filter((r) => r.MeetsWeeklyRequirement === true).length;
  const week = rows[0]?.RequirementWeek;
  return (
    <div className="roster-requirement">
      <p>
        <strong>{met}</strong> of <strong>{judged.length}</strong> members met the weekly requirement in the{' '}
        <strong>{week ? weekLabel(week) : 'last complete week'}</strong> (pro rata for members who joined during it; the
        same verdict as on Health).
      </p>
      <label className="check">
        <input type="checkbox" checked={shortOnly} onChange={(e) => onShortOnly(e.target.checked)} />
        Only members short of it ({judged.length - met})
      </label>
    </div>
  );
}

export function RosterTable({ tag }: { tag: string }) {
  const query = useQuery(rosterQueryOptions(tag));
  const [sort, setSort] = useState<RosterSort>(DEFAULT_ROSTER_SORT);
  const [shortOnly, setShortOnly] = useState(false);
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const withRequirement = rows.some((r) => r.MeetsWeeklyRequirement !== null);
  const shown = useMemo(() => {
    const filtered = shortOnly && withRequirement ? rows.filter((r) => r.MeetsWeeklyRequirement === false) : rows;
    return sortRoster(filtered, sort);
  }, [rows, sort, shortOnly, withRequirement]);
  const isAdmin = useMe().role === 'admin';
  const me = useMyRacer();
  const online = useOnline();
  const botFlag = useBotFlag(tag);
  const offlineReason = online ? undefined : 'Flagging a bot needs a connection';
  const botToggle = isAdmin
    ? (m: RosterMember) => (
        <BotFlagButton
          username={m.Username}
          bot={m.bot === 1}
          busy={botFlag.pending === m.Username}
          disabledReason={offlineReason}
          onToggle={botFlag.toggle}
        />
      )
    : undefined;
  const columns = rosterColumns(tag, withRequirement ? (rows[0]?.RequirementWeek ?? null) : null, botToggle);

  return (
    <Card
      title={query.data ? `Roster (${rows.length} members)` : 'Roster'}
      actions={
        <ExportButtons
          fileBase={rosterFileBase(tag)}
          sheets={() => [rosterSheet(tag, shown)]}
          disabled={!shown.length}
        />
      }
      className="roster-card"
    >
      <QueryView
        query={query}
        loadingText="Loading roster..."
        errorText={(error) => `Failed to fetch roster: ${error.message}`}
      >
        {() => (
          <>
            {isAdmin && !online ? <p className="roster-bot-hint">Offline: flagging a bot needs a connection.</p> : null}
            {botFlag.error ? (
              <div className="state state-error roster-bot-error" role="alert">
                <span>{botFlag.error}</span>
                <button type="button" className="icon-btn" aria-label="Dismiss" onClick={botFlag.dismiss}>
                  ×
                </button>
              </div>
            ) : null}
            {withRequirement ? (
              <RequirementSummary rows={rows} shortOnly={shortOnly} onShortOnly={setShortOnly} />
            ) : null}
            <DataTable
              caption={`Roster of ${tag}`}
              columns={columns}
              rows={shown}
              rowKey={(m) => String(m.UserID)}
              sort={sort}
              onHeaderClick={(key) => setSort((s) => nextRosterSort(s, key as RosterSortKey))}
              isMine={(m) => m.Username === me?.username}
              emptyText={shortOnly ? 'Every member meets the weekly requirement.' : 'No members found for this team.'}
            />
          </>
        )}
      </QueryView>
    </Card>
  );
}
