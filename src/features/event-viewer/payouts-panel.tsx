/**
 * The event viewer's Payouts tab (beyond the spec): the winners of a pay-to-play event, the totals
 * paid and owed, and a Paid checkbox per winner for an admin, or for the teamadmin of a team in
 * the event on their own team's rows (other rows, and everyone else, see the paid state as text).
 * A mark needs a connection; a failed one shows the server's reason (e.g. the winnings changed
 * since the list was loaded) and reloads the list.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Event } from '../../../contract/events';
import type { PayoutRow } from '../../../contract/payouts';
import { ApiError } from '../../api/client';
import { formatInt } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { DisabledReason } from '../../ui/disabled-reason';
import { botColumn } from '../../lib/export/columns';
import { ExportButtons } from '../../ui/export-buttons';
import { InfoGrid, InfoItem } from '../../ui/info-grid';
import { Empty, ErrorBox, Loading } from '../../ui/states';
import { payoutColumns } from './payout-columns';
import { formatDollars } from './payout-format';
import { ResultsTable } from './results-table';
import { nextSort, sortRows, type SortState } from './table-sort';
import { sortValueOf, toExportSheet } from './view-columns';
import { WITHHELD_NOTE } from './withheld-winnings';
import './payouts.css';
import { myTeamTagQueryOptions } from '../../api/session';
import { useMe } from '../../lib/session';
import { markPayout, payoutsQueryOptions } from '../../api/events';
import { keys } from '../../api/keys';

/** On a phone the amount, the paid box and what is owed come right after the name. */
const PHONE_LEAD = ['Winnings', 'Paid', 'Owed'];

export const MARK_OFFLINE_REASON = 'Marking payouts needs a connection';

/** Whose payouts the logged-in user may mark: every racer's (admin), one team's racers, or none. */
type MarkRights = { kind: 'none' } | { kind: 'all' } | { kind: 'team'; tag: string };

function useMarkRights(event: Event): MarkRights {
  const me = useMe();
  const teamadmin = me.logged_in && me.role === 'teamadmin';
  const mine = useQuery({ ...myTeamTagQueryOptions(), enabled: teamadmin });
  if (me.logged_in && me.role === 'admin') return { kind: 'all' };
  const own = mine.data?.teamTag;
  return teamadmin && own && event.TeamTag.split(/[\s,]+/).includes(own)
    ? { kind: 'team', tag: own }
    : { kind: 'none' };
}

const mayMarkRow = (rights: MarkRights, row: PayoutRow) =>
  rights.kind === 'all' || (rights.kind === 'team' && row.TeamTag === rights.tag);

export function PayoutsPanel({
  event,
  tag,
  isMine,
}: {
  event: Event;
  tag: string | undefined;
  isMine: (username: string) => boolean;
}) {
  const eventId = event.EventID;
  const payouts = useQuery(payoutsQueryOptions(eventId));
  const rights = useMarkRights(event);
  const canMark = rights.kind !== 'none';
  const online = useOnline();
  const qc = useQueryClient();
  const reasonId = useId();
  const [sort, setSort] = useState<SortState>({ key: 'Winnings', dir: 'desc' });
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (row: PayoutRow) =>
      markPayout(
        eventId,
        row.Paid
          ? { Username: row.Username, Paid: false }
          : { Username: row.Username, Paid: true, Amount: row.Winnings ?? 0 },
      ),
    onMutate: () => setError(null),
    onError: (err, row) => {
      const why = err instanceof ApiError && err.status > 0 ? err.message : 'no answer from the server';
      setError(`Failed to mark ${row.Username} ${row.Paid ? 'unpaid' : 'paid'}: ${why}`);
    },
    // Stays pending until the list is reloaded, so the box never flips back in between.
    onSettled: () => qc.invalidateQueries({ queryKey: keys.payouts(eventId) }),
  });
  const busyUser = save.isPending ? save.variables.Username : null;
  const disabledReason = canMark && !online ? MARK_OFFLINE_REASON : undefined;

  const paidCell = (r: PayoutRow) => {
    if (r.Withheld !== null && !r.Paid) return <span className="payout-state">Not owed</span>;
    if (!mayMarkRow(rights, r))
      return <span className={r.Paid ? 'payout-state paid' : 'payout-state'}>{r.Paid ? 'Paid' : 'Unpaid'}</span>;
    // A racer who no longer wins can be unmarked, not marked again.
    const locked = !r.Paid && r.Winnings === null;
    return (
      <label className="payout-check">
        <input
          type="checkbox"
          checked={busyUser === r.Username ? !r.Paid : r.Paid}
          disabled={busyUser !== null || !!disabledReason || locked}
          aria-busy={busyUser === r.Username || undefined}
          aria-describedby={disabledReason ? reasonId : undefined}
          aria-label={`${r.CurrentDisplayName || r.Username} paid`}
          onChange={() => save.mutate(r)}
        />
        <span aria-hidden="true">{(busyUser === r.Username ? !r.Paid : r.Paid) ? 'Paid' : 'Unpaid'}</span>
      </label>
    );
  };

  // Winners only: a short list, built on every render with the paid boxes' current state.
  const cols = payoutColumns(tag, paidCell);
  const rows = payouts.data ? sortRows(payouts.data.payouts, sortValueOf(cols), sort) : undefined;
  const totals = payouts.data?.totals;
  const othersReadOnly =
    rights.kind === 'team' && rows?.some((r) => r.TeamTag !== rights.tag)
      ? `You mark the payouts of ${rights.tag} racers; other teams' rows are read-only (their own teamadmin or an admin marks them).`
      : null;

  const withheld = rows?.some((r) => r.Withheld !== null)
    ? `${WITHHELD_NOTE}: flagged racers are listed after the winners, owed nothing and in no total.`
    : null;

  if (!rows)
    return payouts.isError ? <ErrorBox text="Failed to fetch payouts" /> : <Loading text="Loading payouts..." />;
  return (
    <div className="payouts">
      <div className="payouts-head">
        {totals ? (
          <InfoGrid className="payout-totals">
            <InfoItem label="Winners">{formatInt(totals.Winners)}</InfoItem>
            <InfoItem label="Winnings">{formatDollars(totals.Winnings)}</InfoItem>
            <InfoItem label="Paid">{formatDollars(totals.Paid)}</InfoItem>
            <InfoItem label="Owed">{formatDollars(totals.Owed)}</InfoItem>
            {totals.Overpaid > 0 ? <InfoItem label="Overpaid">{formatDollars(totals.Overpaid)}</InfoItem> : null}
          </InfoGrid>
        ) : null}
        <ExportButtons
          fileBase={`event_${eventId}_payouts`}
          sheets={() =>
            rows.length ? [toExportSheet(`Payouts ${eventId}`, cols, rows, [botColumn((r) => r.bot)])] : null
          }
          disabled={rows.length === 0}
        />
      </div>
      <DisabledReason id={reasonId} reason={disabledReason} />
      {withheld ? <p className="payout-note">{withheld}</p> : null}
      {othersReadOnly ? <p className="payout-note">{othersReadOnly}</p> : null}
      {error ? <ErrorBox text={error} /> : null}
      {rows.length === 0 ? (
        <Empty text="No winners in this event yet." />
      ) : (
        <ResultsTable
          columns={cols}
          rows={rows}
          rowKey={(r) => r.Username}
          sort={sort}
          onSort={(key) => setSort((s) => nextSort(s, key))}
          caption="Payouts"
          leadColumns={PHONE_LEAD}
          isMine={(r) => isMine(r.Username)}
        />
      )}
    </div>
  );
}
