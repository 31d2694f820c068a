/**
 * The info banner's bot toggle for a logged-in admin: flags or unflags the racer, then the banner
 * (and every roster, leaderboard and list that marks bots) reloads. Offline it is disabled and says
 * why; a failed write shows its error until dismissed.
 */
import { useOnline } from '../../lib/online';
import { BotFlagButton } from '../../ui/bot-flag-button';
import { BOT_FLAG_OFFLINE_REASON, useBotFlag } from '../../lib/bot-flag';

export interface RacerBotFlagProps {
  username: string;
  bot: boolean;
  /** The racer's team (its roster is refreshed too); null without one. */
  tag: string | null;
}

export function RacerBotFlag({ username, bot, tag }: RacerBotFlagProps) {
  const online = useOnline();
  const botFlag = useBotFlag(tag);
  return (
    <div className="racer-bot-flag">
      <BotFlagButton
        variant="labelled"
        username={username}
        bot={bot}
        busy={botFlag.pending === username}
        disabledReason={online ? undefined : BOT_FLAG_OFFLINE_REASON}
        onToggle={botFlag.toggle}
      />
      {online ? null : <p className="racer-bot-note">Offline: flagging a bot needs a connection.</p>}
      {botFlag.error ? (
        <div className="state state-error racer-bot-error" role="alert">
          <span>{botFlag.error}</span>
          <button type="button" className="icon-btn" aria-label="Dismiss" onClick={botFlag.dismiss}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
