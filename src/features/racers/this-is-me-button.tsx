/**
 * On a racer's banner: "This is me" picks the racer shown as the visitor ("This is me", stored in
 * the browser); on the visitor's own page a "You" mark and a way to undo it.
 */
import type { RacerInfo } from '../../../contract/racers';
import { setMyRacer, useMyRacer } from '../../lib/my-racer';
import { UserIcon } from '../../ui/icons';

export function ThisIsMeButton({ info }: { info: RacerInfo }) {
  const me = useMyRacer();
  if (me?.username === info.username) {
    return (
      <span className="this-is-me">
        <span className="this-is-me-mark">
          <UserIcon width={16} height={16} />
          You
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMyRacer(null)}>
          Not me
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      onClick={() =>
        setMyRacer({ username: info.username, displayName: info.displayName || info.username, teamTag: info.teamTag })
      }
    >
      <UserIcon width={16} height={16} />
      This is me
    </button>
  );
}
