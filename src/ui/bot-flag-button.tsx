/**
 * An admin's bot toggle. As an icon (a roster row) its name says what a press does for whom
 * ("Flag x as bot" / "Unflag x as bot"); as a labelled button (the racer's banner, which already
 * names the racer) it shows that text ("Flag as bot" / "Unflag as bot"). Tinted while the racer is
 * flagged; a title says why it is disabled.
 */
import { RobotIcon } from './icons';
import { botToggleLabel } from '../lib/bot-flag';

export interface BotFlagButtonProps {
  username: string;
  bot: boolean;
  busy: boolean;
  /** Why the toggle cannot be used now (e.g. offline); enabled when undefined. */
  disabledReason?: string;
  onToggle: (username: string, bot: boolean) => void;
  /** `labelled`: icon and visible text, for a place that shows one racer. */
  variant?: 'icon' | 'labelled';
}

export function BotFlagButton({ username, bot, busy, disabledReason, onToggle, variant = 'icon' }: BotFlagButtonProps) {
  const labelled = variant === 'labelled';
  const base = labelled ? 'btn btn-secondary btn-sm' : 'icon-btn action-btn';
  return (
    <button
      type="button"
      className={`${base} bot-toggle${bot ? ' bot-toggle-on' : ''}`}
      aria-label={labelled ? undefined : botToggleLabel(username, bot)}
      aria-busy={busy || undefined}
      title={disabledReason ?? (bot ? 'Flagged as bot: click to unflag' : 'Flag as bot')}
      disabled={busy || !!disabledReason}
      onClick={() => onToggle(username, !bot)}
    >
      <RobotIcon width={18} height={18} />
      {labelled ? <span>{bot ? 'Unflag as bot' : 'Flag as bot'}</span> : null}
    </button>
  );
}
