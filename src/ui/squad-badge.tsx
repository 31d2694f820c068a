/** A squad's name on its fixed pastel colour with black text; no squad means Unassigned. */
import { SQUAD_COLOURS, UNASSIGNED, isSquadName } from '../../contract/squads';
import { useStyleWhenHydrated } from '../lib/use-hydrated';

export interface SquadBadgeProps {
  /** Squad name (Avocado … Peach); empty or null means Unassigned. */
  squad: string | null | undefined;
  /** The team's custom name for the squad, shown instead of the default when set. */
  customName?: string | null;
}

export function SquadBadge({ squad, customName }: SquadBadgeProps) {
  const styled = useStyleWhenHydrated();
  const key = squad && isSquadName(squad) ? squad : UNASSIGNED;
  const label = customName?.trim() || (squad && isSquadName(squad) ? squad : UNASSIGNED);
  return (
    <span
      className="squad-badge"
      style={styled({ background: SQUAD_COLOURS[key], color: '#000' })}
      title={customName ? `${key}: ${customName}` : key}
    >
      {label}
    </span>
  );
}
