/**
 * The Payouts table: each winner with a link to their game profile (where the money is sent),
 * the winnings, the paid state (a checkbox for staff who may mark it, text for everyone else),
 * the amount and time of the mark, and what is still owed. A mark made for another amount than
 * the winnings now shows "Changed"; a flagged racer the event does not pay shows why they get nothing.
 */
import type { ReactNode } from 'react';
import type { PayoutRow } from '../../../contract/payouts';
import { formatCT, formatInt } from '../../lib/format';
import { RacerName, UsernameLink } from '../../ui/racer-name';
import { balanceText, formatDollars, paidAmountChanged } from './payout-format';
import type { ViewColumn } from './view-columns';
import { WithheldWinnings } from './withheld-winnings';

const nameOf = (r: PayoutRow) => r.CurrentDisplayName || r.Username;

export function payoutColumns(
  tag: string | undefined,
  paidCell: (row: PayoutRow) => ReactNode,
): ViewColumn<PayoutRow>[] {
  return [
    {
      key: 'CurrentDisplayName',
      header: 'Display Name',
      identity: true,
      render: (r) => <RacerName name={nameOf(r)} username={r.Username} bot={r.bot === 1} />,
      sortValue: nameOf,
      exportValue: nameOf,
    },
    {
      key: 'Username',
      header: 'Username',
      render: (r) => <UsernameLink username={r.Username} tag={tag} />,
      sortValue: (r) => r.Username,
      exportValue: (r) => r.Username,
    },
    {
      key: 'TeamTag',
      header: 'Team',
      render: (r) => r.TeamTag,
      sortValue: (r) => r.TeamTag,
      exportValue: (r) => r.TeamTag,
    },
    {
      key: 'TotalRaces',
      header: 'Races',
      numeric: true,
      render: (r) => formatInt(r.TotalRaces),
      sortValue: (r) => r.TotalRaces,
      exportValue: (r) => r.TotalRaces,
    },
    {
      key: 'Winnings',
      header: 'Winnings',
      numeric: true,
      render: (r) =>
        r.Withheld !== null ? (
          <WithheldWinnings amount={r.Withheld} />
        ) : r.Winnings === null ? (
          'None now'
        ) : (
          formatDollars(r.Winnings)
        ),
      sortValue: (r) => r.Winnings,
      exportValue: (r) => r.Winnings,
    },
    {
      key: 'Paid',
      header: 'Paid',
      render: paidCell,
      sortValue: (r) => (r.Paid ? 1 : 0),
      exportValue: (r) => (r.Paid ? 'Yes' : 'No'),
    },
    {
      key: 'PaidAmount',
      header: 'Paid Amount',
      numeric: true,
      render: (r) => (
        <>
          {formatDollars(r.PaidAmount)}
          {paidAmountChanged(r) ? <span className="payout-changed">Changed</span> : null}
        </>
      ),
      sortValue: (r) => r.PaidAmount,
      exportValue: (r) => r.PaidAmount,
    },
    {
      key: 'PaidAt',
      header: 'Paid At',
      render: (r) => (r.PaidAt ? formatCT(r.PaidAt) : ''),
      sortValue: (r) => r.PaidAt,
      exportValue: (r) => r.PaidAt,
    },
    {
      key: 'Owed',
      header: 'Owed',
      numeric: true,
      render: (r) => balanceText(r),
      sortValue: (r) => r.Owed - r.Overpaid,
      exportValue: (r) => r.Owed - r.Overpaid,
      exportHeader: 'Owed (negative: overpaid)',
    },
  ];
}
