/**
 * Head-to-head comparison (/racers/compare?a=x&b=y&from=d&to=d): two racers over the same days,
 * their totals side by side, races, WPM and accuracy per day on one chart (uPlot, loaded lazily)
 * and in a table. Every choice is written to the address, so the page can be shared as it is.
 */
import { Suspense, lazy, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { CompareRacer, RacerCompareResponse } from '../../../contract/racer-pages';
import { formatInZone, todayKey } from '../../../rules/site-time';
import { typedCell } from '../../lib/export/cells';
import { asAccuracy, asNumber, asText } from '../../lib/export/columns';
import type { ExportSheet } from '../../lib/export/export-table';
import { tableSheet } from '../../lib/export/table-sheet';
import { formatAccuracy, formatInt, formatWpm } from '../../lib/format';
import type { CompareSearch } from '../../lib/search';
import { DataTable, type Column } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { Empty, ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { COMPARE_CHART_HEIGHT } from './compare-chart-size';
import { compareRange } from './racer-pages';
import { UsernamePicker } from './username-picker';
import './racers.css';
import './racer-pages.css';
import { useSiteTimezone } from '../../lib/site';
import { allUsernamesQueryOptions, racerCompareQueryOptions } from '../../api/racers';
import { racerErrorText } from './racer-error-text';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { useStyleWhenHydrated } from '../../lib/use-hydrated';

const CompareChart = lazy(() => import('./compare-chart'));

const dayText = (day: string) => formatInZone(Date.parse(`${day}T12:00:00Z`), 'UTC', 'EEE, MMM d, yyyy');

export function ComparePage({ search }: { search: CompareSearch }) {
  const tz = useSiteTimezone();
  const navigate = useNavigate();
  const usernames = useQuery(allUsernamesQueryOptions());
  const now = useMinuteClock();
  const range = compareRange(search.from, search.to, todayKey(now.getTime(), tz));
  // Every change writes the whole selection, dates included, so the address always shares it.
  const update = (next: Partial<CompareSearch>) =>
    void navigate({
      to: '/racers/compare',
      search: { a: search.a, b: search.b, from: range.from, to: range.to, ...next },
    });

  return (
    <div className="racers-page compare-page">
      <h1 className="page-title">Compare Racers</h1>
      <section className="card compare-controls" aria-label="Racers and dates">
        <fieldset className="compare-racer">
          <legend>Racer A</legend>
          <UsernamePicker
            usernames={usernames.data ?? []}
            loading={usernames.isPending}
            value={search.a}
            onChange={(a) => update({ a })}
          />
        </fieldset>
        <fieldset className="compare-racer">
          <legend>Racer B</legend>
          <UsernamePicker
            usernames={usernames.data ?? []}
            loading={usernames.isPending}
            value={search.b}
            onChange={(b) => update({ b })}
          />
        </fieldset>
        <div className="compare-dates">
          <div className="field">
            <label htmlFor="compare-from">From</label>
            <input
              id="compare-from"
              type="date"
              value={range.from}
              max={range.to}
              required
              onChange={(e) => e.target.value && update({ from: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="compare-to">To</label>
            <input
              id="compare-to"
              type="date"
              value={range.to}
              min={range.from}
              required
              onChange={(e) => e.target.value && update({ to: e.target.value })}
            />
          </div>
          {search.a && search.b ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => update({ a: search.b, b: search.a })}
            >
              Swap racers
            </button>
          ) : null}
        </div>
        {range.problem ? (
          <p className="picker-note" role="status">
            {range.problem}
          </p>
        ) : null}
      </section>
      {search.a && search.b ? (
        <CompareResults a={search.a} b={search.b} from={range.from} to={range.to} tz={tz} />
      ) : (
        <Empty text="Choose two racers to compare their races, WPM and accuracy day by day." />
      )}
    </div>
  );
}

interface ResultsProps {
  a: string;
  b: string;
  from: string;
  to: string;
  tz: string;
}

function CompareResults({ a, b, from, to, tz }: ResultsProps) {
  const query = useQuery(racerCompareQueryOptions({ a, b, from, to }));
  const data = query.data;
  return (
    <>
      <OfflineNote updatedAt={query.dataUpdatedAt} />
      {data ? (
        <CompareView data={data} tz={tz} />
      ) : query.isError ? (
        <ErrorBox text={racerErrorText(query.error, 'Failed to fetch the comparison')} />
      ) : (
        <Loading text="Loading comparison..." />
      )}
    </>
  );
}

interface TotalRow {
  stat: string;
  /** The stat's name in the file when it differs. */
  fileStat?: string;
  /** The stat as the screen shows it. */
  shown: (r: CompareRacer) => string;
  /** The stat as the file holds it: a number (accuracy in percent). */
  value: (r: CompareRacer) => number | null;
}

interface DayRow {
  day: string;
  i: number;
}

const rounded = (n: number | null, dp: number) => typedCell('number', n, dp) as number | null;
const accuracyPercent = (n: number | null) => typedCell('accuracy', n) as number | null;

const TOTAL_ROWS: TotalRow[] = [
  { stat: 'Races', shown: (r) => formatInt(r.totals.races), value: (r) => r.totals.races },
  { stat: 'WPM', shown: (r) => formatWpm(r.totals.wpm), value: (r) => rounded(r.totals.wpm, 1) },
  {
    stat: 'Accuracy',
    fileStat: 'Accuracy (%)',
    shown: (r) => formatAccuracy(r.totals.accuracy),
    value: (r) => accuracyPercent(r.totals.accuracy),
  },
  { stat: 'Points', shown: (r) => formatInt(r.totals.points), value: (r) => rounded(r.totals.points, 0) },
  { stat: 'Days raced', shown: (r) => formatInt(r.totals.activeDays), value: (r) => r.totals.activeDays },
];

function CompareView({ data, tz }: { data: RacerCompareResponse; tz: string }) {
  const { a, b } = data;
  const styled = useStyleWhenHydrated();
  const profile = (r: CompareRacer) => (
    <Link
      to="/racers/$username/$subtab"
      params={{ username: r.username, subtab: 'batch' }}
      search={{ from: data.from, to: data.to }}
    >
      {r.displayName ?? r.username}
    </Link>
  );
  const racerColumn = (key: string, r: CompareRacer): Column<TotalRow> => ({
    key,
    header: r.username,
    numeric: true,
    render: (t) => t.shown(r),
    exportAs: asNumber((t) => t.value(r)),
  });
  const totalColumns: Column<TotalRow>[] = [
    {
      key: 'stat',
      header: 'Total',
      identity: true,
      render: (r) => r.stat,
      exportAs: asText((r) => r.fileStat ?? r.stat),
    },
    racerColumn('a', a),
    racerColumn('b', b),
  ];
  // Newest day first, as the racer's daily views.
  const days: DayRow[] = useMemo(() => data.days.map((day, i) => ({ day, i })).reverse(), [data.days]);
  const dayColumns: Column<DayRow>[] = [
    {
      key: 'day',
      header: 'Day',
      identity: true,
      render: (r) => <time dateTime={r.day}>{dayText(r.day)}</time>,
      exportAs: asText((r) => r.day),
    },
    {
      key: 'aRaces',
      header: `${a.username} races`,
      numeric: true,
      render: (r) => formatInt(a.races[r.i]),
      exportAs: asNumber((r) => a.races[r.i]),
    },
    {
      key: 'bRaces',
      header: `${b.username} races`,
      numeric: true,
      render: (r) => formatInt(b.races[r.i]),
      exportAs: asNumber((r) => b.races[r.i]),
    },
    {
      key: 'aWpm',
      header: `${a.username} WPM`,
      numeric: true,
      render: (r) => formatWpm(a.wpm[r.i]),
      exportAs: asNumber((r) => a.wpm[r.i], 1),
    },
    {
      key: 'bWpm',
      header: `${b.username} WPM`,
      numeric: true,
      render: (r) => formatWpm(b.wpm[r.i]),
      exportAs: asNumber((r) => b.wpm[r.i], 1),
    },
    {
      key: 'aAcc',
      header: `${a.username} accuracy`,
      numeric: true,
      render: (r) => formatAccuracy(a.accuracy[r.i]),
      exportAs: asAccuracy((r) => a.accuracy[r.i], `${a.username} accuracy (%)`),
    },
    {
      key: 'bAcc',
      header: `${b.username} accuracy`,
      numeric: true,
      render: (r) => formatAccuracy(b.accuracy[r.i]),
      exportAs: asAccuracy((r) => b.accuracy[r.i], `${b.username} accuracy (%)`),
    },
  ];
  const sheets = (): ExportSheet[] =>
    [tableSheet('Totals', totalColumns, TOTAL_ROWS), tableSheet('Per day', dayColumns, days)] as ExportSheet[];

  return (
    <>
      <section className="card racer-panel" aria-labelledby="compare-totals-title">
        <header className="card-header">
          <h2 id="compare-totals-title" className="card-title">
            {profile(a)} vs {profile(b)}
          </h2>
          <span className="panel-note">
            {dayText(data.from)} to {dayText(data.to)} (CT)
          </span>
          <ExportButtons
            fileBase={`compare_${a.username}_${b.username}_${data.from}_${data.to}`}
            sheets={sheets}
            label="the comparison"
          />
        </header>
        <div className="compare-totals">
          <DataTable
            caption="Totals side by side"
            columns={totalColumns}
            rows={TOTAL_ROWS}
            rowKey={(r) => r.stat}
            maxHeight="none"
          />
        </div>
      </section>
      <section className="card racer-panel" aria-labelledby="compare-days-title">
        <header className="card-header">
          <h2 id="compare-days-title" className="card-title">
            Per day
          </h2>
          <span className="panel-note">Bars: races · lines: WPM · dashed: accuracy</span>
        </header>
        {a.totals.races + b.totals.races === 0 ? (
          <Empty text="Neither racer raced in this date range." />
        ) : (
          <Suspense
            fallback={
              <div style={styled({ height: COMPARE_CHART_HEIGHT })}>
                <Loading text="Loading chart..." />
              </div>
            }
          >
            <CompareChart data={data} tz={tz} />
          </Suspense>
        )}
        <DataTable
          caption="Races, WPM and accuracy per day"
          columns={dayColumns}
          rows={days}
          rowKey={(r) => r.day}
          maxHeight="480px"
        />
      </section>
    </>
  );
}
