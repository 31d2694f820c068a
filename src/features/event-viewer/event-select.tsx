/** The event dropdown: "title (ID)" options, blank "Select an event" while none is chosen. */
import { useId } from 'react';
import type { Event } from '../../../contract/events';
import { replayEarlyChoice } from '../../ui/replay-early-input';

export interface EventSelectProps {
  events: Event[];
  value: number | undefined;
  onChange: (eventId: number) => void;
  disabled?: boolean;
}

export function EventSelect({ events, value, onChange, disabled }: EventSelectProps) {
  const id = useId();
  return (
    <div className="field field-inline event-select">
      <label htmlFor={id}>Event</label>
      <select
        ref={replayEarlyChoice}
        id={id}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => e.target.value && onChange(Number(e.target.value))}
      >
        <option value="" disabled={value !== undefined}>
          Select an event
        </option>
        {events.map((e) => (
          <option key={e.EventID} value={e.EventID}>
            {e.Title} ({e.EventID})
          </option>
        ))}
      </select>
    </div>
  );
}
