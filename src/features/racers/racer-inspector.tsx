/**
 * The racer inspector screen (/racers, /racers/{username}, /racers/{username}/{subtab}): username
 * filter and dropdown, then for the chosen racer the date-range slider, the info banner and the
 * Batch Inspector, Daily Races, Weekly Races and Bests tabs, and a link to compare them with another
 * racer. `from` and `to` (days in the address) open it on that date range.
 */
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { RacerSubtab } from '../../lib/search';
import { Empty, ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { TabLinks } from '../../ui/tabs';
import { BatchInspector } from './batch-inspector';
import { AwardsPanel } from './awards-panel';
import { BestsPanel } from './bests-panel';
import { toBatchSeries } from './batch-series';
import { fullRange, indexWindow, isFullRange, type DateRange } from './date-range';
import { DateRangeSlider } from './date-range-slider';
import { InfoBanner } from './info-banner';
import { PeriodRacesPanel } from './period-races-panel';
import { dayRange } from './racer-pages';
import { UsernamePicker } from './username-picker';
import { topWpm, wpmAxisMax } from './wpm-axis';
import './racers.css';
import './racer-pages.css';
import { useSiteTimezone } from '../../lib/site';
import { allUsernamesQueryOptions, racerBatchesQueryOptions, racerInfoQueryOptions } from '../../api/racers';
import { racerErrorText } from './racer-error-text';

const SUBTABS: { key: RacerSubtab; label: string }[] = [
  { key: 'batch', label: 'Batch Inspector' },
  { key: 'daily', label: 'Daily Races' },
  { key: 'weekly', label: 'Weekly Races' },
  { key: 'bests', label: 'Bests' },
];

export interface RacerInspectorProps {
  username: string | undefined;
  subtab: RacerSubtab;
  /** The team tag kept in the address. */
  tag: string | undefined;
  /** The date range to open on (site-zone days, both included); the whole history without them. */
  from?: string;
  to?: string;
}

export function RacerInspector({ username, subtab, tag, from, to }: RacerInspectorProps) {
  const navigate = useNavigate();
  const usernames = useQuery(allUsernamesQueryOptions());
  const choose = (next: string | undefined) => {
    if (next) void navigate({ to: '/racers/$username/$subtab', params: { username: next, subtab }, search: { tag } });
    else void navigate({ to: '/racers', search: { tag } });
  };
  const picker = (
    <UsernamePicker usernames={usernames.data ?? []} loading={usernames.isPending} value={username} onChange={choose} />
  );
  return (
    <div className="racers-page">
      <h1 className="page-title">Racer Inspector</h1>
      {username ? (
        // Keyed by racer and linked range: choosing another one starts again at page 1 with its date range.
        <RacerDetails
          key={`${username}|${from ?? ''}|${to ?? ''}`}
          username={username}
          subtab={subtab}
          tag={tag}
          from={from}
          to={to}
          picker={picker}
        />
      ) : (
        <>
          <section className="card racer-controls">{picker}</section>
          <Empty text="Choose a racer to see their 10-minute batches and their daily and weekly races." />
        </>
      )}
    </div>
  );
}

interface RacerDetailsProps extends RacerInspectorProps {
  username: string;
  picker: ReactNode;
}

function RacerDetails({ username, subtab, tag, from, to, picker }: RacerDetailsProps) {
  const tz = useSiteTimezone();
  const info = useQuery(racerInfoQueryOptions(username));
  const batches = useQuery(racerBatchesQueryOptions(username));
  // A failed refresh keeps the racer's last data on screen.
  const series = useMemo(() => (batches.data ? toBatchSeries(batches.data) : null), [batches.data]);
  const full = series ? fullRange(series.time) : null;

  // null follows the whole history, also when new batches arrive.
  const [chosen, setChosen] = useState<DateRange | null>(() => dayRange(from, to, tz));
  const [page, setPage] = useState(1);
  const clamped =
    full && chosen ? { start: Math.max(chosen.start, full.start), end: Math.min(chosen.end, full.end) } : full;
  // A linked range wholly outside the history (an edited address) shows the whole history.
  const range = clamped && clamped.start > clamped.end ? full : clamped;
  // The slider moves at once; the table and charts follow when the browser has time.
  const shown = useDeferredValue(range);
  const { lo, hi } = series && shown ? indexWindow(series.time, shown) : { lo: 0, hi: 0 };

  const highestSpeed = info.data?.highestSpeed;
  const wpmMax = useMemo(() => wpmAxisMax(topWpm(highestSpeed, series?.wpm ?? [])), [highestSpeed, series]);

  const onRange = (r: DateRange) => {
    setChosen(full && isFullRange(r, full) ? null : r);
    setPage(1);
  };

  return (
    <>
      <section className="card racer-controls">
        {picker}
        {full && range ? <DateRangeSlider full={full} value={range} onChange={onRange} /> : null}
        <Link className="compare-link" to="/racers/compare" search={{ a: username }}>
          Compare with another racer
        </Link>
      </section>

      {info.data ? (
        <InfoBanner info={info.data} />
      ) : info.isError ? (
        <ErrorBox text={racerErrorText(info.error, 'Failed to fetch racer info')} />
      ) : (
        <Loading text="Loading racer info..." />
      )}

      <TabLinks label="Racer views">
        {SUBTABS.map((t) => (
          <Link
            key={t.key}
            to="/racers/$username/$subtab"
            params={{ username, subtab: t.key }}
            search={{ tag }}
            className={`tab${t.key === subtab ? ' active' : ''}`}
            aria-current={t.key === subtab ? 'page' : undefined}
          >
            {t.label}
          </Link>
        ))}
      </TabLinks>

      {subtab === 'bests' ? (
        <>
          <BestsPanel username={username} tag={tag} />
          <AwardsPanel username={username} tag={tag} />
        </>
      ) : (
        <>
          <OfflineNote updatedAt={batches.dataUpdatedAt} />
          {batches.isPending ? (
            <Loading text="Loading batch data..." />
          ) : !series ? (
            <ErrorBox text={racerErrorText(batches.error, 'Failed to fetch batch data')} />
          ) : series.time.length === 0 ? (
            <Empty text="No batches recorded for this racer yet." />
          ) : subtab === 'batch' ? (
            <BatchInspector
              series={series}
              lo={lo}
              hi={hi}
              wpmMax={wpmMax}
              tz={tz}
              page={page}
              onPage={setPage}
              username={username}
            />
          ) : (
            <PeriodRacesPanel kind={subtab} series={series} lo={lo} hi={hi} tz={tz} />
          )}
        </>
      )}
    </>
  );
}
