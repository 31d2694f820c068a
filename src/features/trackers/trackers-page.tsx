/**
 * /trackers/{tag}: Daily (default) and Weekly tabs, the day or week picker, and the participants
 * table (Points descending at first) with CSV / Excel export; the visitor's own row ("This is me")
 * is highlighted.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { todayKey } from '../../../rules/site-time';
import { useMyRacer } from '../../lib/my-racer';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { ExportButtons } from '../../ui/export-buttons';
import { Empty, ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { TabPanel, tabId, Tabs } from '../../ui/tabs';
import { participantColumns } from './participants-columns';
import {
  DEFAULT_PARTICIPANT_SORT,
  nextParticipantSort,
  sortParticipants,
  type ParticipantSort,
  type ParticipantSortKey,
} from './participants-sort';
import { trackerFileBase, trackerSheet } from './tracker-export';
import { dayOptions, weekOptions } from './tracker-periods';
import './trackers.css';
import { useSiteTimezone } from '../../lib/site';
import { participantsQueryOptions } from '../../api/teams';
import { type TrackerView } from '../../api/keys';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { replayEarlyChoice } from '../../ui/replay-early-input';

const VIEWS = [
  { key: 'daily', label: 'Daily' },
  { key: 'weekly', label: 'Weekly' },
];

export function TrackersPage({ tag }: { tag: string | undefined }) {
  const tz = useSiteTimezone();
  const now = useMinuteClock();
  const today = todayKey(now.getTime(), tz);
  const days = useMemo(() => dayOptions(today), [today]);
  const weeks = useMemo(() => weekOptions(today), [today]);
  const [view, setView] = useState<TrackerView>('daily');
  const [day, setDay] = useState(days[0].value);
  const [week, setWeek] = useState(weeks[0].value);
  const [sort, setSort] = useState<ParticipantSort>(DEFAULT_PARTICIPANT_SORT);
  const pickerId = useId();
  const me = useMyRacer();
  const panelId = useId();

  const period = view === 'daily' ? day : week;
  const query = useQuery(participantsQueryOptions(tag, view, period));
  const ranked = useMemo(() => (query.data?.participants ?? []).map((p, i) => ({ ...p, rank: i + 1 })), [query.data]);
  const rows = useMemo(() => sortParticipants(ranked, sort), [ranked, sort]);
  const columns = useMemo(() => participantColumns(view, tag ?? ''), [view, tag]);

  if (!tag) return <Empty text="Select a team to see its trackers." />;
  const options = view === 'daily' ? days : weeks;
  const failed = query.isError && !query.data;

  return (
    <Card className="trackers-card">
      <div className="tracker-toolbar">
        <Tabs
          items={VIEWS}
          active={view}
          onSelect={(k) => setView(k as TrackerView)}
          label="Tracker period"
          variant="secondary"
          panelId={panelId}
        />
        <ExportButtons
          fileBase={trackerFileBase(tag, view, period)}
          sheets={() => [trackerSheet(view, period, rows)]}
          disabled={!rows.length}
        />
      </div>
      <TabPanel id={panelId} labelledBy={[tabId(panelId, view)]}>
        <div className="field field-inline tracker-picker">
          <label htmlFor={pickerId}>{view === 'daily' ? 'Date' : 'Week'}</label>
          <select
            ref={replayEarlyChoice}
            id={pickerId}
            value={period}
            onChange={(e) => (view === 'daily' ? setDay(e.target.value) : setWeek(e.target.value))}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <OfflineNote updatedAt={query.dataUpdatedAt} />
        {query.isPending ? (
          <Loading text="Loading participants..." />
        ) : failed ? (
          <ErrorBox text="Failed to fetch data" />
        ) : rows.length === 0 ? (
          <Empty
            text={view === 'daily' ? 'No participants found for this date.' : 'No participants found for this week.'}
          />
        ) : (
          <DataTable
            caption={`${view === 'daily' ? 'Daily' : 'Weekly'} tracker of ${tag}`}
            columns={columns}
            rows={rows}
            rowKey={(p) => String(p.UserID)}
            sort={sort}
            onHeaderClick={(key) => setSort((s) => nextParticipantSort(s, key as ParticipantSortKey))}
            isMine={(p) => p.Username === me?.username}
          />
        )}
      </TabPanel>
    </Card>
  );
}
