/**
 * /events: the selected team's events. A failed load empties the list silently (docs/product.md §8); offline
 * the last list stays with its "offline, data from" note.
 */
import { useQuery } from '@tanstack/react-query';
import type { Event } from '../../../contract/events';
import { Card } from '../../ui/card';
import { Empty, Loading, OfflineNote } from '../../ui/states';
import { ExportButtons } from '../../ui/export-buttons';
import { EventsTable, eventsFileBase, eventsSheet } from './events-table';
import './events.css';
import { teamEventsQueryOptions } from '../../api/teams';

export interface EventsPageProps {
  tag: string | undefined;
  onOpen: (event: Event) => void;
}

export function EventsPage({ tag, onOpen }: EventsPageProps) {
  const query = useQuery(teamEventsQueryOptions(tag));
  let body;
  if (!tag) body = <Empty text="Select a team to see its events." />;
  else if (query.isPending) body = <Loading text="Loading events..." />;
  else body = <EventsTable tag={tag} events={query.data ?? []} onOpen={onOpen} />;
  return (
    <Card
      title={tag ? `${tag} events` : 'Events'}
      className="events-page"
      actions={
        tag ? (
          <ExportButtons
            fileBase={eventsFileBase(tag)}
            sheets={() => (query.data?.length ? [eventsSheet(tag, query.data)] : null)}
            disabled={!query.data?.length}
            label="the events"
          />
        ) : null
      }
    >
      {tag ? <OfflineNote updatedAt={query.dataUpdatedAt} /> : null}
      {body}
    </Card>
  );
}
