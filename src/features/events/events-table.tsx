/** The team events table (spec §2): a row opens the event in the event viewer. */
import type { Event } from '../../../contract/events';
import { DataTable, type Column } from '../../ui/data-table';
import { EventStatusBadge } from '../../ui/status-badge';
import { formatEventTime } from './event-time';

const columns: Column<Event>[] = [
  { key: 'EventID', header: 'Event ID', numeric: true, render: (e) => e.EventID },
  { key: 'Title', header: 'Title', className: 'event-title-cell', render: (e) => e.Title },
  { key: 'TeamTag', header: 'Team Tag', render: (e) => e.TeamTag || 'N/A' },
  { key: 'StartTime', header: 'Start Time (CT)', className: 'nowrap', render: (e) => formatEventTime(e.StartTime) },
  { key: 'EndTime', header: 'End Time (CT)', className: 'nowrap', render: (e) => formatEventTime(e.EndTime) },
  { key: 'Status', header: 'Status', render: (e) => <EventStatusBadge status={e.Status} /> },
  { key: 'Description', header: 'Description', className: 'event-description-cell', render: (e) => e.Description || '-' },
];

export interface EventsTableProps {
  events: Event[];
  onOpen: (event: Event) => void;
}

export function EventsTable({ events, onOpen }: EventsTableProps) {
  return (
    <DataTable
      columns={columns}
      rows={events}
      rowKey={(e) => String(e.EventID)}
      onRowClick={onOpen}
      emptyText="No events found for this team."
      caption="Team events"
    />
  );
}
