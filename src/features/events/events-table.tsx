/**
 * The team events table (docs/product.md §2): a row opens the event in the event viewer; its title is
 * that link. Each column also says how it is exported (times as YYYY-MM-DD HH:MM:SS, CT).
 */
import { Link } from '@tanstack/react-router';
import type { Event } from '../../../contract/events';
import { asNumber, asText } from '../../lib/export/columns';
import { tableSheet } from '../../lib/export/table-sheet';
import { DataTable, type Column } from '../../ui/data-table';
import { EventStatusBadge } from '../../ui/status-badge';
import { formatEventTime } from './event-time';

export function eventColumns(tag: string | undefined): Column<Event>[] {
  return [
    {
      key: 'EventID',
      header: 'Event ID',
      numeric: true,
      render: (e) => e.EventID,
      exportAs: asNumber((e) => e.EventID),
    },
    {
      key: 'Title',
      header: 'Title',
      className: 'event-title-cell',
      identity: true,
      render: (e) => (
        <Link to="/eventviewer" search={{ tag, event: e.EventID }}>
          {e.Title}
        </Link>
      ),
      exportAs: asText((e) => e.Title),
    },
    { key: 'TeamTag', header: 'Team Tag', render: (e) => e.TeamTag || 'N/A', exportAs: asText((e) => e.TeamTag) },
    {
      key: 'StartTime',
      header: 'Start Time (CT)',
      className: 'nowrap',
      render: (e) => formatEventTime(e.StartTime),
      exportAs: asText((e) => e.StartTime),
    },
    {
      key: 'EndTime',
      header: 'End Time (CT)',
      className: 'nowrap',
      render: (e) => formatEventTime(e.EndTime),
      exportAs: asText((e) => e.EndTime),
    },
    {
      key: 'Status',
      header: 'Status',
      render: (e) => <EventStatusBadge status={e.Status} />,
      exportAs: asText((e) => e.Status),
    },
    {
      key: 'Description',
      header: 'Description',
      className: 'event-description-cell',
      render: (e) => e.Description || '-',
      exportAs: asText((e) => e.Description),
    },
  ];
}

export interface EventsTableProps {
  tag: string | undefined;
  events: Event[];
  onOpen: (event: Event) => void;
}

export function EventsTable({ tag, events, onOpen }: EventsTableProps) {
  return (
    <DataTable
      columns={eventColumns(tag)}
      rows={events}
      rowKey={(e) => String(e.EventID)}
      onRowClick={onOpen}
      emptyText="No events found for this team."
      caption="Team events"
      leadColumns={['StartTime']}
    />
  );
}

/** The events as the table lists them, file events_{tag}. */
export function eventsSheet(tag: string, events: Event[]) {
  return tableSheet(`Events ${tag}`, eventColumns(tag), events);
}

export const eventsFileBase = (tag: string) => `events_${tag}`;
