/**
 * A small badge for the game's standing of a racer's account ('banned' or 'warned', from the
 * game's team answer as last seen); nothing in good standing. Used by the roster and the racer
 * banner; its style class is the status (styles/ui.css).
 */
import type { GameStatus } from '../../contract/common';

const LABEL = { banned: 'Banned', warned: 'Warned' } as const;
const TITLE = { banned: 'Banned by the game', warned: 'Warned by the game' } as const;

export function GameStatusBadge({ status }: { status: GameStatus }) {
  if (!status) return null;
  return (
    <span className={`game-status-badge ${status}`} title={TITLE[status]}>
      {LABEL[status]}
    </span>
  );
}
