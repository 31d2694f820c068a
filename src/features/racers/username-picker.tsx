/**
 * "Type to filter usernames..." box and the "Select username" dropdown it narrows (case-sensitive
 * substring). Choosing the blank option clears the racer.
 */
import { useId, useMemo, useState } from 'react';
import { filterUsernames } from './username-filter';
import { replayEarlyChoice, replayEarlyText } from '../../ui/replay-early-input';

export interface UsernamePickerProps {
  usernames: readonly string[];
  value: string | undefined;
  onChange: (username: string | undefined) => void;
  /** While the list loads, "No usernames found." is not shown. */
  loading?: boolean;
}

export function UsernamePicker({ usernames, value, onChange, loading = false }: UsernamePickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const matches = useMemo(() => filterUsernames(usernames, text), [usernames, text]);
  // The chosen racer stays selectable even when the filter hides it.
  const options = value && !matches.includes(value) ? [value, ...matches] : matches;
  return (
    <div className="username-picker">
      <div className="field">
        <label htmlFor={`${id}-filter`}>Filter</label>
        <input
          ref={replayEarlyText}
          id={`${id}-filter`}
          type="search"
          placeholder="Type to filter usernames..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-select`}>Racer</label>
        <select
          ref={replayEarlyChoice}
          id={`${id}-select`}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          <option value="">Select username</option>
          {options.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </div>
      {matches.length === 0 && !loading ? (
        <p className="picker-note" role="status">
          No usernames found.
        </p>
      ) : null}
    </div>
  );
}
