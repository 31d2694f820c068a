/** The Hall of Fame table's columns: the period, its top racer with their totals, and its top team with theirs. */
import type { HallPeriod, HallPeriodRow } from '../../../contract/hall-of-fame';
import { formatAccuracy, formatInt, formatWpm, MISSING } from '../../lib/format';
import type { Column } from '../../ui/data-table';
import { RacerName, UsernameLink } from '../../ui/racer-name';
import { periodLabel, type HallSortKey } from './hall-of-fame-rows';

type Col = Column<HallPeriodRow> & { key: HallSortKey };

/** "Fri, Nov 27, 2026" with its year apart, which a phone leaves unseen (read out still) to fit the points beside it. */
function PeriodName({ label }: { label: string }) {
  const parts = /^(.*)(, \d{4})$/.exec(label);
  if (!parts) return label;
  return (
    <>
      {parts[1]}
      <span className="phone-sr-only">{parts[2]}</span>
    </>
  );
}

export function hallColumns(kind: HallPeriod): Col[] {
  return [
    {
      key: 'start',
      header: kind === 'day' ? 'Day' : kind === 'week' ? 'Week' : 'Month',
      sortable: true,
      identity: true,
      render: (r) => (
        <>
          <PeriodName label={periodLabel(kind, r.start, r.end)} />
          {r.partial ? (
            <span className="hof-partial" title="Tracking began during this period: its winners are of the part seen">
              partly tracked
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'racer',
      header: 'Top Racer',
      sortable: true,
      render: (r) =>
        r.racer ? (
          <span className="hof-racer">
            <RacerName name={r.racer.CurrentDisplayName} username={r.racer.Username} bot={false} />
            <UsernameLink username={r.racer.Username} />
          </span>
        ) : (
          MISSING
        ),
    },
    { key: 'Races', header: 'Races', sortable: true, numeric: true, render: (r) => formatInt(r.racer?.Races) },
    { key: 'WPM', header: 'WPM', sortable: true, numeric: true, render: (r) => formatWpm(r.racer?.WPM) },
    {
      key: 'Accuracy',
      header: 'Accuracy',
      sortable: true,
      numeric: true,
      render: (r) => formatAccuracy(r.racer?.Accuracy),
    },
    { key: 'Points', header: 'Points', sortable: true, numeric: true, render: (r) => formatInt(r.racer?.Points) },
    { key: 'team', header: 'Top Team', sortable: true, render: (r) => r.team?.TeamTag ?? MISSING },
    {
      key: 'TeamRaces',
      header: 'Team Races',
      sortable: true,
      numeric: true,
      render: (r) => formatInt(r.team?.Races),
    },
    { key: 'TeamWPM', header: 'Team WPM', sortable: true, numeric: true, render: (r) => formatWpm(r.team?.WPM) },
    {
      key: 'TeamAccuracy',
      header: 'Team Accuracy',
      sortable: true,
      numeric: true,
      render: (r) => formatAccuracy(r.team?.Accuracy),
    },
    {
      key: 'TeamPoints',
      header: 'Team Points',
      sortable: true,
      numeric: true,
      render: (r) => formatInt(r.team?.Points),
    },
  ];
}
