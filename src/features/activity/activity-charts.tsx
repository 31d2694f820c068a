/** The three chart cards of the Activity screen, each with its loading and error text; uPlot loads lazily. */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { format } from 'date-fns';
import { dayKeyOf } from '../../../rules/site-time';
import { zoneLabel } from '../../lib/format';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { ExportButtons } from '../../ui/export-buttons';
import { activityFileBase, hourlySheet, periodSheet } from './activity-export';
import { Card } from '../../ui/card';
import { Loading, QueryView } from '../../ui/states';
import { useSiteTimezone } from '../../lib/site';
import { type RacesPeriod, hourlyRacesQueryOptions, periodRacesQueryOptions } from '../../api/teams';

const HourlyChart = lazy(() => import('./hourly-chart'));
const PeriodChart = lazy(() => import('./period-chart'));

const LOADING = 'Loading chart data...';

/** "2026-03-29" → "3/29" (a calendar day: no zone shift). */
function shortDay(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'M/d');
}

export function HourlyCard({ tag }: { tag: string }) {
  const tz = useSiteTimezone();
  const q = useQuery(hourlyRacesQueryOptions(tag));
  const today = dayKeyOf(useMinuteClock(), tz);
  return (
    <Card
      title={`Races per Hour (last 24 hours, ${zoneLabel(tz)})`}
      className="activity-card"
      actions={
        <ExportButtons
          fileBase={activityFileBase(tag, 'hourly', today)}
          sheets={() => (q.data?.length ? [hourlySheet(q.data, tz)] : null)}
          disabled={!q.data?.length}
          label="races per hour"
        />
      }
    >
      <QueryView query={q} loadingText={LOADING} errorText="Error: Failed to fetch hourly data">
        {(rows) => (
          <Suspense fallback={<Loading text={LOADING} />}>
            <HourlyChart rows={rows} tz={tz} />
          </Suspense>
        )}
      </QueryView>
    </Card>
  );
}

export function PeriodCard({ tag, period }: { tag: string; period: RacesPeriod }) {
  const q = useQuery(periodRacesQueryOptions(tag, period));
  const tz = useSiteTimezone();
  const today = dayKeyOf(useMinuteClock(), tz);
  const title = period === 'daily' ? 'Daily Races' : 'Weekly Races';
  return (
    <Card
      title={title}
      className="activity-card"
      actions={
        <ExportButtons
          fileBase={activityFileBase(tag, period, today)}
          sheets={() => (q.data?.length ? [periodSheet(period, q.data)] : null)}
          disabled={!q.data?.length}
          label={title.toLowerCase()}
        />
      }
    >
      <QueryView query={q} loadingText={LOADING} errorText={`Error: Failed to fetch ${period} data`}>
        {(rows) => (
          <Suspense fallback={<Loading text={LOADING} />}>
            <PeriodChart
              rows={rows}
              title={title}
              colour={period === 'daily' ? '#f0640f' : '#2563eb'}
              label={shortDay}
            />
            <p className="chart-note">
              {period === 'daily'
                ? 'Last 8 days; today is the last bar.'
                : 'Last 8 weeks, by the Sunday that starts each week.'}
            </p>
          </Suspense>
        )}
      </QueryView>
    </Card>
  );
}
