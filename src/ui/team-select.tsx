/** The team dropdown: "Select a team" plus every tracked tag from GET /api/team-tags. */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { teamTagsQueryOptions } from '../api/teams';
import { replayEarlyChoice } from './replay-early-input';

export interface TeamSelectProps {
  /** The selected tag, or undefined for none. */
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
  disabled?: boolean;
}

export function TeamSelect({ value, onChange, disabled }: TeamSelectProps) {
  const id = useId();
  const { data: tags = [], isPending } = useQuery(teamTagsQueryOptions());
  // A tag from the address that is not (yet) in the list still shows as selected.
  const options = value && !tags.includes(value) ? [value, ...tags] : tags;
  return (
    <div className="field field-inline team-select">
      <label htmlFor={id}>Team</label>
      <select
        ref={replayEarlyChoice}
        id={id}
        value={value ?? ''}
        disabled={disabled}
        aria-busy={isPending}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">Select a team</option>
        {options.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
}
