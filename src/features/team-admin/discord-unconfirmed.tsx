/**
 * The team's Discord posts of unknown outcome: sent, but Discord never answered (or the server
 * stopped while sending), so they may or may not be in the channel and are not sent again on
 * their own. Staff look in the channel and post again only the ones missing.
 */
import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnconfirmedPost } from '../../../contract/discord';
import { formatCT } from '../../lib/format';
import { errorText } from '../../api/error-text';
import { discordQueryOptions, postDiscordAgain } from '../../api/staff';

interface Props {
  tag: string;
  posts: UnconfirmedPost[];
  /** Why the buttons are off (offline, another action running), if they are. */
  disabledReason?: string;
  onQueued: (text: string) => void;
  onError: (text: string) => void;
}

export function DiscordUnconfirmed({ tag, posts, disabledReason, onQueued, onError }: Props) {
  const qc = useQueryClient();
  const id = useId();
  const again = useMutation({
    mutationFn: (postId: number) => postDiscordAgain(tag, postId),
    onSuccess: (next) => {
      qc.setQueryData(discordQueryOptions(tag).queryKey, next);
      onQueued('Queued again: it goes out within a minute.');
    },
    onError: (err) => onError(errorText(err, 'Failed to queue the post again')),
  });
  if (posts.length === 0) return null;

  return (
    <section className="discord-unconfirmed" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Not confirmed by Discord</h3>
      <p className="field-hint">
        These were sent but Discord never answered, so they may already be in the channel. Look there, and post again
        only the ones missing.
      </p>
      <ul>
        {posts.map((p) => (
          <li key={p.id}>
            <div className="discord-unconfirmed-text">
              <strong>{p.title}</strong>
              <span className="field-hint">
                {formatCT(p.attemptedAt)} · {p.reason}
              </span>
            </div>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={again.isPending || !!disabledReason}
              title={disabledReason}
              onClick={() => again.mutate(p.id)}
              aria-label={`Post again: ${p.title}`}
            >
              {again.isPending && again.variables === p.id ? 'Queuing…' : 'Post again'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
