/**
 * The Add Event / Edit Event dialog: Title, Team Tag(s), Start and End Time (CT, datetime-local),
 * Owner team, Default Sort and Description. An admin chooses the owner among the entered teams; a
 * teamadmin sees their own team (or the event's owner) as a fixed line. When editing, a status
 * badge derived from the times shows once both are set. Failures stay in the dialog with the server's text when it sent one.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminEventResponse } from '../../../contract/admin-events';
import { splitEventTags } from '../../../contract/event-tags';
import type { DefaultSort, Event } from '../../../contract/events';
import { getSiteTimezone, zoneLabel } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { Dialog } from '../../ui/dialog';
import { EventStatusBadge } from '../../ui/status-badge';
import { errorText } from '../../api/error-text';
import { chosenOwner, derivedStatus, formProblem, formValues, requestBody, type EventFormValues } from './event-form';
import { FormFooter } from '../../ui/form-footer';
import { createEvent, updateEvent } from '../../api/staff';
import { useMinuteClock } from '../../lib/use-minute-clock';

const SORTS: DefaultSort[] = ['Races', 'WPM', 'Accuracy', 'Points'];

export interface EventDialogProps {
  open: boolean;
  /** null adds a new event. */
  event: Event | null;
  /** The selected team: the new event's Team Tag(s) start with it. */
  tag: string;
  /** Shown under Team Tag(s), e.g. a teamadmin's limit. */
  teamHint?: string;
  /** A teamadmin's own team: the owner of what they add, and no owner choice. Undefined for an admin. */
  ownTeam?: string;
  onClose: () => void;
  onSaved: (res: AdminEventResponse) => void;
}

export function EventDialog(props: EventDialogProps) {
  return (
    <Dialog open={props.open} title={props.event ? 'Edit Event' : 'Add Event'} onClose={props.onClose}>
      <EventForm {...props} />
    </Dialog>
  );
}

function EventForm({ event, tag, teamHint, ownTeam, onClose, onSaved }: EventDialogProps) {
  const tz = getSiteTimezone();
  const ct = zoneLabel(tz);
  const online = useOnline();
  const ownerFixed = ownTeam !== undefined;
  const [v, setV] = useState<EventFormValues>(() => ({
    ...formValues(event, tag),
    ...(ownTeam && !event ? { OwnerTag: ownTeam } : {}),
  }));
  const [error, setError] = useState<string | null>(null);
  const now = useMinuteClock();
  const body = () => requestBody(v, ownerFixed);
  const save = useMutation({
    mutationFn: () => (event ? updateEvent(event.EventID, body()) : createEvent(body())),
    onSuccess: onSaved,
    onError: (err) => setError(errorText(err, event ? 'Failed to update event' : 'Failed to add event')),
  });
  const set =
    <K extends keyof EventFormValues>(k: K) =>
    (value: EventFormValues[K]) =>
      setV((prev) => ({ ...prev, [k]: value }));
  const status = event ? derivedStatus(v, tz, now.getTime()) : null;
  const owner = chosenOwner(v, ownerFixed);
  const ownerChoices = splitEventTags(v.TeamTag);

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = formProblem(v, tz);
    if (problem) return setError(problem);
    setError(null);
    save.mutate();
  }

  return (
    <form className="form event-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="event-title">Title</label>
        <input
          id="event-title"
          value={v.Title}
          onChange={(e) => set('Title')(e.target.value)}
          required
          maxLength={200}
          data-autofocus
        />
      </div>
      <div className="field">
        <label htmlFor="event-tags">Team Tag(s)</label>
        <input
          id="event-tags"
          value={v.TeamTag}
          onChange={(e) => set('TeamTag')(e.target.value)}
          placeholder="e.g. BEEHVE TEAM2"
          required
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby="event-tags-hint"
        />
        <span id="event-tags-hint" className="field-hint">
          {teamHint ?? 'Space-separated, 1 to 10 teams.'}
        </span>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="event-start">Start Time ({ct})</label>
          <input
            id="event-start"
            type="datetime-local"
            value={v.StartTime}
            onChange={(e) => set('StartTime')(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="event-end">End Time ({ct})</label>
          <input
            id="event-end"
            type="datetime-local"
            value={v.EndTime}
            onChange={(e) => set('EndTime')(e.target.value)}
            required
          />
        </div>
      </div>
      {status ? (
        <p className="event-form-status">
          Status: <EventStatusBadge status={status} />
        </p>
      ) : null}
      {ownerFixed ? (
        <p className="event-form-owner" id="event-owner">
          Owner team: <strong>{owner || '-'}</strong>
          <span className="field-hint">
            {owner === ownTeam
              ? 'Your team owns this event: its team admins edit, set pay-to-play and delete it.'
              : 'Only its team admins or an admin can change this event.'}
          </span>
        </p>
      ) : (
        <div className="field">
          <label htmlFor="event-owner">Owner team</label>
          <select
            id="event-owner"
            value={owner}
            onChange={(e) => set('OwnerTag')(e.target.value)}
            disabled={ownerChoices.length === 0}
            aria-describedby="event-owner-hint"
          >
            {ownerChoices.length === 0 ? <option value="">Enter the teams first</option> : null}
            {ownerChoices.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <span id="event-owner-hint" className="field-hint">
            Its team admins edit, set pay-to-play and delete the event; the other teams&apos; mark their own
            racers&apos; payouts.
          </span>
        </div>
      )}
      <div className="field">
        <label htmlFor="event-sort">Default Sort</label>
        <select
          id="event-sort"
          value={v.DefaultSort}
          onChange={(e) => set('DefaultSort')(e.target.value as DefaultSort)}
          required
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="event-description">Description</label>
        <textarea
          id="event-description"
          rows={3}
          value={v.Description}
          onChange={(e) => set('Description')(e.target.value)}
          maxLength={5000}
        />
      </div>
      <FormFooter
        error={error}
        pending={save.isPending}
        online={online}
        submitLabel={event ? 'Save' : 'Add Event'}
        onCancel={onClose}
      />
    </form>
  );
}
