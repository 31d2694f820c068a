/**
 * The roster row's bot toggle for an admin. Its name says what a press does ("Flag x as bot" /
 * "Unflag x as bot"); it is tinted while the racer is flagged; a title says why it is disabled.
 */
import { RobotIcon } from '../../ui/icons';
import { botToggleLabel } from './bot-flag';

export interface BotFlagButtonProps {
  username: string;
  bot: boolean;
  busy: boolean;
  /** Why the toggle cannot be used now (e.g. offline); enabled when undefined. */
  disabledReason?: string;
  onToggle: (username: string, bot: boolean) => void;
}

export function BotFlagButton({ username, bot, busy, disabledReason, onToggle }: BotFlagButtonProps) {
  return (
    <button
      type="button"
      className={`icon-btn action-btn bot-toggle${bot ? ' bot-toggle-on' : ''}`}
      aria-label={botToggleLabel(username, bot)}
      aria-busy={busy || undefined}
      title={disabledReason ?? (bot ? 'Flagged as bot: click to unflag' : 'Flag as bot')}
      disabled={busy || !!disabledReason}
      onClick={() => onToggle(username, !bot)}
    >
      <RobotIcon width={18} height={18} />
    </button>
  );
}
