/** Moving a member without dragging (keyboard, screen readers, small screens): pick the new box. */
import type { RosterMember } from '../../../contract/roster';
import { SQUAD_COLOURS } from '../../../contract/squads';
import { Dialog } from '../../ui/dialog';
import { BOXES, boxOf, type BoxKey } from './squads';
import { useStyleWhenHydrated } from '../../lib/use-hydrated';

export interface MoveMemberDialogProps {
  member: RosterMember | null;
  names: Partial<Record<BoxKey, string>>;
  disabled: boolean;
  onMove: (username: string, from: BoxKey, to: BoxKey) => void;
  onClose: () => void;
}

export function MoveMemberDialog({ member, names, disabled, onMove, onClose }: MoveMemberDialogProps) {
  const styled = useStyleWhenHydrated();
  const from = member ? boxOf(member) : null;
  return (
    <Dialog open={!!member} title={member ? `Move ${member.CurrentDisplayName}` : 'Move member'} onClose={onClose}>
      <div className="move-grid" role="group" aria-label="Squads">
        {BOXES.map((b) => (
          <button
            key={b}
            type="button"
            className="move-choice"
            style={styled({ background: SQUAD_COLOURS[b] })}
            disabled={disabled || b === from}
            aria-current={b === from ? 'true' : undefined}
            onClick={() => {
              if (member && from) onMove(member.Username, from, b);
              onClose();
            }}
          >
            {names[b] || b}
            {b === from ? <span className="move-current"> (current)</span> : null}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
