/** The star that follows or unfollows a racer on this device (lib/followed-racers.ts). */
import { isFollowed, toggleFollow, useFollowed } from '../lib/followed-racers';
import { StarIcon } from './icons';

export function FollowStar({ username, withText = false }: { username: string; withText?: boolean }) {
  const on = isFollowed(useFollowed(), username);
  const label = on ? `Unfollow ${username}` : `Follow ${username}`;
  return (
    <button
      type="button"
      className={`follow-star${on ? ' follow-star-on' : ''}${withText ? ' btn btn-secondary btn-sm' : ''}`}
      aria-pressed={on}
      aria-label={withText ? undefined : label}
      title={label}
      onClick={() => toggleFollow(username)}
    >
      <StarIcon width={16} height={16} fill={on ? 'currentColor' : 'none'} />
      {withText ? (on ? 'Following' : 'Follow') : null}
    </button>
  );
}
