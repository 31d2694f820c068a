/**
 * Flagging a racer as a bot (admin only), from the roster or the racer inspector:
 * PUT /api/admin/bot-flags/{username}, then every cached answer that shows the bot marker or
 * leaves bots out is refreshed (api/refresh.ts `refreshAfterBotFlag`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshAfterBotFlag } from '../api/refresh';
import { putBotFlag } from '../api/staff';

/** Why the toggle is disabled while the browser is offline. */
export const BOT_FLAG_OFFLINE_REASON = 'Flagging a bot needs a connection';

/** The toggle's accessible name in a list of racers: what pressing it will do. */
export function botToggleLabel(username: string, bot: boolean): string {
  return bot ? `Unflag ${username} as bot` : `Flag ${username} as bot`;
}

/** The message shown when a flag or unflag fails. */
export function botFlagErrorText(username: string, bot: boolean, err: unknown): string {
  const what = bot ? `Failed to flag ${username} as bot` : `Failed to unflag ${username}`;
  return err instanceof Error && err.message ? `${what}: ${err.message}` : what;
}

export interface BotFlagControl {
  /** The username being saved, if any. */
  pending: string | null;
  error: string | null;
  toggle: (username: string, bot: boolean) => void;
  dismiss: () => void;
}

/** The write with its saving state and last failure; `tag` is the team whose roster shows the racer. */
export function useBotFlag(tag: string | null): BotFlagControl {
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: { username: string; bot: boolean }) => putBotFlag(v.username, v.bot),
    onMutate: () => setError(null),
    onSuccess: (_, v) => refreshAfterBotFlag(qc, tag, v.username),
    onError: (err, v) => setError(botFlagErrorText(v.username, v.bot, err)),
  });
  return {
    pending: save.isPending ? save.variables.username : null,
    error,
    toggle: (username, bot) => save.mutate({ username, bot }),
    dismiss: () => setError(null),
  };
}
