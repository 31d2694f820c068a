/**
 * Events tab of /teams/admin: Add Event, the team's events (Title, Description, Status, Start and
 * End Time in CT, Teams, Owner, Actions) and the add/edit, pay-to-play and delete dialogs. A
 * teamadmin changes the events their team owns; the others show their actions disabled, with why.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Event } from '../../../contract/events';
import { formatCT, getSiteTimezone, zoneLabel } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { EditIcon, MoneyIcon, PlusIcon, TrashIcon } from '../../ui/action-icons';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../../ui/data-table';
import { DisabledReason } from '../../ui/disabled-reason';
import { Loading } from '../../ui/states';
import { EventStatusBadge } from '../../ui/status-badge';
import { errorText } from '../../api/error-text';
import { EventDialog } from './event-dialog';
import { PayToPlayDialog } from './pay-to-play-dialog';
import { deleteEvent } from '../../api/staff';
import { eventTeams, refreshEvents } from '../../api/refresh';
import { teamEventsQueryOptions } from '../../api/teams';

type Open = { kind: 'add' } | { kind: 'edit' | 'pay' | 'delete'; event: Event } | null;

export interface AdminEventsPanelProps {
  tag: string;
  /** A teamadmin's own team; undefined for an admin, who may change every event. */
  ownTeam?: string;
}

export function AdminEventsPanel({ tag, ownTeam }: AdminEventsPanelProps) {
  const qc = useQueryClient();
  const online = useOnline();
  const events = useQuery(teamEventsQueryOptions(tag));
  const [open, setOpen] = useState<Open>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const ct = zoneLabel(getSiteTimezone());

  const canChange = (e: Event) => !ownTeam || e.OwnerTag === ownTeam;
  const offlineReason = online ? undefined : 'Needs a connection';
  const close = () => {
    setOpen(null);
    setDeleteError(null);
  };
  /** `before` is the event as listed (null when added), `after` the server's answer (none after a delete). */
  const saved = (before: Event | null, after?: Event) => {
    close();
    void refreshEvents(qc, eventTeams(tag, before?.TeamTag, after?.TeamTag));
  };

  const remove = useMutation({
    mutationFn: (e: Event) => deleteEvent(e.EventID),
    onSuccess: (_res, e) => saved(e),
    onError: (err) => setDeleteError(errorText(err, 'Failed to delete event')),
  });

  const columns: Column<Event>[] = [
    {
      key: 'Title',
      header: 'Title',
      className: 'cell-title',
      identity: true,
      render: (e) => <span className="event-title">{e.Title}</span>,
    },
    {
      key: 'Description',
      header: 'Description',
      className: 'cell-description',
      render: (e) => <span title={e.Description}>{e.Description || '-'}</span>,
    },
    { key: 'Status', header: 'Status', render: (e) => <EventStatusBadge status={e.Status} /> },
    { key: 'StartTime', header: `Start Time (${ct})`, render: (e) => formatCT(e.StartTime).replace(` ${ct}`, '') },
    { key: 'EndTime', header: `End Time (${ct})`, render: (e) => formatCT(e.EndTime).replace(` ${ct}`, '') },
    { key: 'Teams', header: 'Teams', render: (e) => e.TeamTag || 'N/A' },
    { key: 'Owner', header: 'Owner', render: (e) => e.OwnerTag || '-' },
    {
      key: 'Actions',
      header: 'Actions',
      render: (e) => {
        const notOwner = canChange(e)
          ? undefined
          : `Owned by ${e.OwnerTag}: only its team admins or an admin can change it`;
        const reason = notOwner ?? offlineReason;
        const reasonId = `event-${e.EventID}-reason`;
        return (
          <div className="row-actions" aria-describedby={notOwner ? reasonId : undefined}>
            <button
              type="button"
              className="icon-btn action-btn"
              aria-label={`Edit ${e.Title}`}
              title={reason ?? 'Edit'}
              disabled={!!reason}
              onClick={() => setOpen({ kind: 'edit', event: e })}
            >
              <EditIcon />
            </button>
            <button
              type="button"
              className="icon-btn action-btn"
              aria-label={`Pay-to-play settings for ${e.Title}`}
              title={reason ?? 'Pay-to-play settings'}
              disabled={!!reason}
              onClick={() => setOpen({ kind: 'pay', event: e })}
            >
              <MoneyIcon />
            </button>
            <button
              type="button"
              className="icon-btn action-btn action-danger"
              aria-label={`Delete ${e.Title}`}
              title={reason ?? 'Delete'}
              disabled={!!reason}
              onClick={() => setOpen({ kind: 'delete', event: e })}
            >
              <TrashIcon />
            </button>
            {notOwner ? (
              <span id={reasonId} className="disabled-reason cell-reason">
                {notOwner}
              </span>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <section className="card" aria-labelledby="admin-events-title">
      <div className="card-header">
        <h2 id="admin-events-title" className="card-title">
          Events of {tag}
        </h2>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setOpen({ kind: 'add' })}
          disabled={!online}
          title={offlineReason}
          aria-describedby={offlineReason ? 'admin-events-offline' : undefined}
        >
          <PlusIcon />
          Add Event
        </button>
        <DisabledReason id="admin-events-offline" reason={offlineReason} />
      </div>
      {events.isPending ? (
        <Loading text="Loading events..." />
      ) : (
        // A failed list shows empty (docs/product.md §8).
        <DataTable
          columns={columns}
          rows={events.data ?? []}
          rowKey={(e) => String(e.EventID)}
          emptyText={`No events for ${tag} yet.`}
          caption={`Events of ${tag}`}
          leadColumns={['Actions']}
        />
      )}
      <EventDialog
        open={open?.kind === 'add' || open?.kind === 'edit'}
        event={open?.kind === 'edit' ? open.event : null}
        tag={tag}
        teamHint={
          ownTeam ? `Space-separated, 1 to 10 teams. ${ownTeam} must be one of them: your team owns it.` : undefined
        }
        ownTeam={ownTeam}
        onClose={close}
        onSaved={(res) => saved(open?.kind === 'edit' ? open.event : null, res.event)}
      />
      <PayToPlayDialog
        event={open?.kind === 'pay' ? open.event : null}
        onClose={close}
        onSaved={(res) => saved(res.event, res.event)}
      />
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title="Delete Event?"
        message="Are you sure you want to delete this event? This action cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        error={deleteError}
        disabledReason={offlineReason}
        onConfirm={() => open?.kind === 'delete' && remove.mutate(open.event)}
        onClose={close}
      />
    </section>
  );
}
