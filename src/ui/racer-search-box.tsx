/**
 * A search box over racers with the matches listed under it (an ARIA combobox): display names and
 * usernames, any case. Arrow keys move through the list, Enter chooses, Escape clears; on a phone
 * each match is a full-width row to tap. Only the best matches are listed, never the whole club.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { searchRacers, type SearchableRacer } from '../lib/racer-search';
import { replayEarlyText } from './replay-early-input';

export interface RacerSearchBoxProps<R extends SearchableRacer & { TeamTag: string | null }> {
  racers: readonly R[];
  onChoose: (racer: R) => void;
  label?: string;
  /** While the list loads, "No racers found." is not shown. */
  loading?: boolean;
  limit?: number;
}

export function RacerSearchBox<R extends SearchableRacer & { TeamTag: string | null }>({
  racers,
  onChoose,
  label = 'Search by display name or username',
  loading = false,
  limit = 12,
}: RacerSearchBoxProps<R>) {
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => (text.trim() ? searchRacers(racers, text, limit) : []), [racers, text, limit]);
  const open = matches.length > 0;
  const current = Math.min(active, Math.max(0, matches.length - 1));
  const optionId = (i: number) => `${id}-option-${i}`;
  const choose = (r: R) => {
    setText('');
    onChoose(r);
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && open) {
      e.preventDefault();
      setActive((current + 1) % matches.length);
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      setActive((current - 1 + matches.length) % matches.length);
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      choose(matches[current]);
    } else if (e.key === 'Escape') {
      setText('');
    }
  };

  return (
    <div className="racer-search">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        ref={replayEarlyText}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open ? optionId(current) : undefined}
        placeholder="e.g. your name as it shows in races"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKey}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
      />
      <ul id={`${id}-list`} role="listbox" aria-label="Matching racers" className="racer-search-list" hidden={!open}>
        {matches.map((r, i) => (
          // The keyboard chooses from the input (arrows and Enter over aria-activedescendant), as a combobox does.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={r.Username}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className={i === current ? 'active' : undefined}
            onMouseEnter={() => setActive(i)}
            // mousedown, not click: the input keeps focus, and a tap still chooses.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(r)}
          >
            <span className="racer-search-name">{r.CurrentDisplayName || r.Username}</span>
            <span className="racer-search-meta">
              {r.Username}
              {r.TeamTag ? ` · ${r.TeamTag}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {text.trim() && !open && !loading ? (
        <p className="racer-search-note" role="status">
          No racers found.
        </p>
      ) : null}
    </div>
  );
}
