/** One box of the squads board: the squad's colour and name, an edit button, and its members. */
import { useRef } from 'react';
import type { RosterMember } from '../../../contract/roster';
import { SQUAD_COLOURS, UNASSIGNED } from '../../../contract/squads';
import { EditIcon, GripIcon } from '../../ui/action-icons';
import type { SquadName } from '../../../contract/squads';
import type { BoxKey } from './squads';
import { useSquadSortable } from './use-squad-sortable';
import { useStyleWhenHydrated } from '../../lib/use-hydrated';

export interface SquadBoxProps {
  box: BoxKey;
  customName: string | null;
  members: RosterMember[];
  disabled: boolean;
  onDrop: (username: string, from: BoxKey, to: BoxKey) => void;
  onRename: (box: SquadName) => void;
  onPick: (member: RosterMember) => void;
}

export function SquadBox({ box, customName, members, disabled, onDrop, onRename, onPick }: SquadBoxProps) {
  const styled = useStyleWhenHydrated();
  const listRef = useRef<HTMLUListElement>(null);
  useSquadSortable(listRef, onDrop, disabled);
  const title = customName || box;
  const headingId = `squad-box-${box}`;
  return (
    <section
      className={`squad-box${box === UNASSIGNED ? ' squad-box-unassigned' : ''}`}
      style={styled({ ['--squad-colour' as string]: SQUAD_COLOURS[box] })}
      aria-labelledby={headingId}
      data-testid={`squad-box-${box}`}
    >
      <header className="squad-box-header">
        <h3 id={headingId} className="squad-box-title">
          <span className="squad-box-name">{title}</span>
          {customName ? <span className="squad-box-default">{box}</span> : null}
        </h3>
        <span className="squad-box-count" aria-label={`${members.length} members`}>
          {members.length}
        </span>
        {box !== UNASSIGNED ? (
          <button
            type="button"
            className="icon-btn squad-edit"
            aria-label={`Edit squad name of ${box}`}
            title="Edit squad name"
            onClick={() => onRename(box)}
            disabled={disabled}
          >
            <EditIcon />
          </button>
        ) : null}
      </header>
      <ul ref={listRef} className="squad-list" data-box={box} aria-label={`${title} members`}>
        {members.map((m) => (
          <li key={m.Username} className="squad-member" data-username={m.Username}>
            <button
              type="button"
              className="squad-member-btn"
              onClick={() => onPick(m)}
              title={`Move ${m.CurrentDisplayName} to another squad`}
            >
              <GripIcon className="squad-grip" />
              <span className="squad-member-text">
                <span className="squad-member-name">{m.CurrentDisplayName}</span>
                {m.CurrentDisplayName !== m.Username ? <span className="squad-member-user">{m.Username}</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
