/** The roster's bot-flag write: which row is saving, the last failure, and the refresh after success. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { putBotFlag, refreshAfterBotFlag } from './bot-flag';

export interface BotFlagControl {
  /** The username being saved, if any. */
  pending: string | null;
  error: string | null;
  toggle: (username: string, bot: boolean) => void;
  dismiss: () => void;
}

export function useBotFlag(tag: string): BotFlagControl {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: { username: string; bot: boolean }) => putBotFlag(v.username, v.bot),
    onMutate: () => setError(null),
    onSuccess: () => refreshAfterBotFlag(qc, tag),
    onError: (err, v) => {
      const what = v.bot ? `Failed to flag ${v.username} as bot` : `Failed to unflag ${v.username}`;
      setError(err instanceof Error && err.message ? `${what}: ${err.message}` : what);
    },
  });
  return {
    pending: save.isPending ? save.variables.username : null,
    error,
    toggle: (username, bot) => save.mutate({ username, bot }),
    dismiss: () => setError(null),
  };
}
