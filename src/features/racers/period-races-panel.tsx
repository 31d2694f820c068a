/** Daily Races and Weekly Races tabs: the period sums of the chosen range as a bar chart. */
import { Suspense, lazy, useMemo } from 'react';
import { formatInZone } from '../../../rules/site-time';
import { Empty, Loading } from '../../ui/states';
import type { BatchSeries } from './batch-series';
import { mostRecent, periodChartHeight, racesByDay, racesByWeek } from './period-races';
import { useStyleWhenHydrated } from '../../lib/use-hydrated';

const PeriodChart = lazy(() => import('./period-chart'));

/** A period key (YYYY-MM-DD) is a calendar day: format it at noon UTC as a UTC date. */
const dayLabel = (key: string) => formatInZone(Date.parse(`${key}T12:00:00Z`), 'UTC', 'EEE, MMM d');
const weekLabel = (key: string) => formatInZone(Date.parse(`${key}T12:00:00Z`), 'UTC', 'MMM d, yyyy');

export interface PeriodRacesPanelProps {
  kind: 'daily' | 'weekly';
  series: BatchSeries;
  lo: number;
  hi: number;
  tz: string;
}

export function PeriodRacesPanel({ kind, series, lo, hi, tz }: PeriodRacesPanelProps) {
  const styled = useStyleWhenHydrated();
  const periods = useMemo(() => {
    const days = racesByDay(series, tz, lo, hi);
    return mostRecent(kind === 'daily' ? days : racesByWeek(days));
  }, [kind, series, lo, hi, tz]);
  const title = kind === 'daily' ? 'Daily Races' : 'Weekly Races';
  const periodLabel = kind === 'daily' ? 'Day' : 'Week';
  const formatPeriod = kind === 'daily' ? dayLabel : weekLabel;
  return (
    <section className="card racer-panel" aria-labelledby={`${kind}-title`}>
      <header className="card-header">
        <h2 id={`${kind}-title`} className="card-title">
          {title}
        </h2>
        <span className="panel-note">
          {kind === 'daily' ? 'Per day (CT), newest first' : 'Per week from Sunday (CT), newest first'}
          {periods.length === 30 ? ' · last 30' : ''}
        </span>
      </header>
      {periods.length === 0 ? (
        <Empty text="No races in this date range." />
      ) : (
        <Suspense
          fallback={
            <div style={styled({ height: periodChartHeight(periods.length) })}>
              <Loading text="Loading chart..." />
            </div>
          }
        >
          <PeriodChart periods={periods} periodLabel={periodLabel} formatPeriod={formatPeriod} />
        </Suspense>
      )}
      {/* The chart is a canvas: the same numbers as a table for screen readers. */}
      <table className="sr-only" data-testid="period-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{periodLabel}</th>
            <th scope="col">Team Races</th>
            <th scope="col">Lifetime Races</th>
          </tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <tr key={p.period}>
              <th scope="row">
                <time dateTime={p.period}>{formatPeriod(p.period)}</time>
              </th>
              <td>{p.teamRaces}</td>
              <td>{p.lifetimeRaces}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
