/**
 * /eventviewer: the event dropdown, export buttons, the event's info card and its Racers, Squads
 * and Teams tabs, plus Payouts when the event pays out (payouts-panel.tsx). The chosen event follows the selection rule (event-selection.ts), is kept in the
 * address and stored as selectedEventId. The visitor's own racer row ("This is me") is highlighted.
 */
import { useEffect, useEffectEvent, useId, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Event } from '../../../contract/events';
import { useMyRacer } from '../../lib/my-racer';
import { getStored, setStored } from '../../lib/storage';
import { Card } from '../../ui/card';
import { botColumn } from '../../lib/export/columns';
import { ExportButtons } from '../../ui/export-buttons';
import { Empty, ErrorBox, Loading, OfflineNote } from '../../ui/states';
import { TabPanel, tabId, Tabs } from '../../ui/tabs';
import { EventInfoCard } from './event-info-card';
import { EventSelect } from './event-select';
import { chooseEvent, parseStoredEventId } from './event-selection';
import { EVENT_TABS, exportFileBase, exportSheetName, PAYOUTS_TAB, type EventTab } from './event-tables';
import { participantColumns } from './participant-columns';
import { PayoutsPanel } from './payouts-panel';
import { ResultsTable } from './results-table';
import { squadColumns, teamColumns } from './summary-columns';
import { initialSort, nextSort, sortRows, type SortState } from './table-sort';
import { sortValueOf, toExportSheet, type ViewColumn } from './view-columns';
import './event-viewer.css';
import { eventParticipantsQueryOptions, squadSummaryQueryOptions, teamSummaryQueryOptions } from '../../api/events';

export interface EventViewerProps {
  tag: string | undefined;
  /** The `event` of the address. */
  addressEventId: number | undefined;
  /** The team's events; undefined until loaded (or when loading failed with nothing cached). */
  events: Event[] | undefined;
  eventsPending: boolean;
  eventsFailed: boolean;
  /** Moves the address to another event (undefined: none). */
  onAddressChange: (eventId: number | undefined, replace: boolean) => void;
}

type ViewTab = EventTab | typeof PAYOUTS_TAB.key;

interface ViewState {
  eventId: number | undefined;
  tab: ViewTab;
  sorts: Record<EventTab, SortState>;
}

const sortsFor = (e: Event | undefined): Record<EventTab, SortState> => ({
  racers: initialSort('racers', e?.DefaultSort),
  squads: initialSort('squads', e?.DefaultSort),
  teams: initialSort('teams', e?.DefaultSort),
});

export function EventViewer({
  tag,
  addressEventId,
  events,
  eventsPending,
  eventsFailed,
  onAddressChange,
}: EventViewerProps) {
  const list = events ?? [];
  const me = useMyRacer();
  const settled = events !== undefined || eventsFailed;
  const selectedId = events
    ? chooseEvent(events, addressEventId, parseStoredEventId(getStored('selectedEventId')))
    : undefined;
  const selected = list.find((e) => e.EventID === selectedId);

  // The address names the event shown once the list is in (the route's navigate, read at that moment).
  const showInAddress = useEffectEvent(onAddressChange);
  useEffect(() => {
    if (!tag || !settled) return;
    if (selectedId !== addressEventId) showInAddress(selectedId, true);
    if (selectedId !== undefined) setStored('selectedEventId', String(selectedId));
  }, [tag, settled, selectedId, addressEventId]);

  useEffect(() => {
    if (eventsFailed && !events) console.error('Failed to fetch event data');
  }, [eventsFailed, events]);

  // A newly chosen event opens sorted by its DefaultSort; the open tab stays.
  const [view, setView] = useState<ViewState>({ eventId: selectedId, tab: 'racers', sorts: sortsFor(selected) });
  const panelId = useId();
  if (view.eventId !== selectedId) setView({ eventId: selectedId, tab: view.tab, sorts: sortsFor(selected) });

  const participants = useQuery(eventParticipantsQueryOptions(selectedId));
  const squads = useQuery(squadSummaryQueryOptions(selectedId));
  const teams = useQuery(teamSummaryQueryOptions(selectedId));

  const paysOut = !!selected && selected.PayoutIncrement !== null && selected.PayoutIncrement !== 0;
  const racerCols = useMemo(() => participantColumns(tag, paysOut), [tag, paysOut]);
  const squadCols = useMemo(() => squadColumns(), []);
  const teamCols = useMemo(() => teamColumns(), []);

  const sorted = <Row,>(cols: ViewColumn<Row>[], rows: Row[] | undefined, sort: SortState) =>
    rows ? sortRows(rows, sortValueOf(cols), sort) : undefined;
  const racerRows = useMemo(
    () => sorted(racerCols, participants.data?.participants, view.sorts.racers),
    [racerCols, participants.data, view.sorts.racers],
  );
  const squadRows = useMemo(
    () => sorted(squadCols, squads.data, view.sorts.squads),
    [squadCols, squads.data, view.sorts.squads],
  );
  const teamRows = useMemo(
    () => sorted(teamCols, teams.data, view.sorts.teams),
    [teamCols, teams.data, view.sorts.teams],
  );

  // The Payouts tab exists only for an event that pays out; another event falls back to Racers.
  const tab: ViewTab = view.tab === 'payouts' && !paysOut ? 'racers' : view.tab;
  const tabs = paysOut ? [...EVENT_TABS, PAYOUTS_TAB] : EVENT_TABS;
  const onSort = (key: string) =>
    setView((v) => (v.tab === 'payouts' ? v : { ...v, sorts: { ...v.sorts, [v.tab]: nextSort(v.sorts[v.tab], key) } }));

  const exportSheets = () => {
    if (!selected || tab === 'payouts') return null;
    const name = exportSheetName(selected.EventID, tab);
    if (tab === 'racers')
      return racerRows?.length ? [toExportSheet(name, racerCols, racerRows, [botColumn((p) => p.bot)])] : null;
    if (tab === 'squads') return squadRows?.length ? [toExportSheet(name, squadCols, squadRows)] : null;
    return teamRows?.length ? [toExportSheet(name, teamCols, teamRows)] : null;
  };
  const activeRows = tab === 'racers' ? racerRows : tab === 'squads' ? squadRows : teamRows;

  let content;
  if (!tag) content = <Empty text="Select a team to view its events." />;
  else if (eventsPending && !events) content = <Loading text="Loading events..." />;
  else if (!selected) {
    content = (
      <>
        {eventsFailed && !events ? <ErrorBox text="Failed to fetch event data" /> : null}
        <Empty text="Choose an event from the dropdown above to view participants." />
      </>
    );
  } else {
    content = (
      <>
        <OfflineNote updatedAt={participants.dataUpdatedAt || undefined} />
        <EventInfoCard event={selected} participantCount={participants.data?.participants.length} />
        <Card className="event-results">
          <Tabs
            items={tabs}
            active={tab}
            onSelect={(k) => setView((v) => ({ ...v, tab: k as ViewTab }))}
            label="Event tables"
            variant="secondary"
            panelId={panelId}
          />
          <TabPanel id={panelId} labelledBy={[tabId(panelId, tab)]} className="event-results-body">
            {tab === 'payouts' ? (
              <PayoutsPanel event={selected} tag={tag} isMine={(username) => username === me?.username} />
            ) : tab === 'racers' ? (
              <TableState
                query={participants}
                rows={racerRows}
                loading="Loading participants..."
                error="Failed to fetch participants"
                empty="No participants found for this event."
              >
                {(rows) => (
                  <ResultsTable
                    columns={racerCols}
                    rows={rows}
                    rowKey={(p) => p.Username}
                    sort={view.sorts.racers}
                    onSort={onSort}
                    caption="Participants"
                    isMine={(p) => p.Username === me?.username}
                  />
                )}
              </TableState>
            ) : tab === 'squads' ? (
              <TableState
                query={squads}
                rows={squadRows}
                loading="Loading squad summary..."
                error="Failed to fetch squad summary"
                empty="No squads found for this event."
              >
                {(rows) => (
                  <ResultsTable
                    columns={squadCols}
                    rows={rows}
                    rowKey={(s) => `${s.Tag}|${s.Squad}`}
                    sort={view.sorts.squads}
                    onSort={onSort}
                    caption="Squads"
                  />
                )}
              </TableState>
            ) : (
              <TableState
                query={teams}
                rows={teamRows}
                loading="Loading team summary..."
                error="Failed to fetch team summary"
                empty="No teams found for this event."
              >
                {(rows) => (
                  <ResultsTable
                    columns={teamCols}
                    rows={rows}
                    rowKey={(t) => t.Tag}
                    sort={view.sorts.teams}
                    onSort={onSort}
                    caption="Teams"
                  />
                )}
              </TableState>
            )}
          </TabPanel>
        </Card>
      </>
    );
  }

  return (
    <div className="event-viewer">
      <Card className="event-toolbar">
        <EventSelect
          events={list}
          value={selectedId}
          onChange={(eventId) => onAddressChange(eventId, false)}
          disabled={!tag || list.length === 0}
        />
        {selected && tab !== 'payouts' ? (
          <ExportButtons
            fileBase={exportFileBase(selected.EventID, tab)}
            sheets={exportSheets}
            disabled={!activeRows?.length}
          />
        ) : null}
      </Card>
      {content}
    </div>
  );
}

interface TableStateProps<Row> {
  query: { isPending: boolean; isError: boolean };
  rows: Row[] | undefined;
  loading: string;
  error: string;
  empty: string;
  children: (rows: Row[]) => ReactNode;
}

/** Loading, error and empty states of one table; cached rows stay visible when a refresh fails. */
function TableState<Row>({ query, rows, loading, error, empty, children }: TableStateProps<Row>) {
  if (rows === undefined)
    return query.isError ? <ErrorBox text={error} /> : query.isPending ? <Loading text={loading} /> : null;
  if (rows.length === 0) return <Empty text={empty} />;
  return <>{children(rows)}</>;
}
