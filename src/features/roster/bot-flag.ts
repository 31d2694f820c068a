/**
 * Flagging a racer as a bot from the roster (admin only): PUT /api/admin/bot-flags/{username}, then
 * every cached list that shows the bot marker or leaves bots out is refreshed.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { BotFlagResponse } from '../../../contract/staff';
import { apiSend } from '../../lib/api';
import { BOT_FLAGS_QUERY_KEY, LEADERBOARD_QUERY_ROOTS, PARTICIPANTS_KEY_SUFFIX, rosterQueryKey } from '../../lib/query-keys';

export const putBotFlag = (username: string, bot: boolean) =>
  apiSend<BotFlagResponse>('PUT', `/api/admin/bot-flags/${encodeURIComponent(username)}`, { bot });

/** The roster of `tag`, every leaderboard, tracker and event participant list, and /admin's list of flags. */
export function refreshAfterBotFlag(qc: QueryClient, tag: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: rosterQueryKey(tag) }),
    ...LEADERBOARD_QUERY_ROOTS.map((root) => qc.invalidateQueries({ queryKey: [root] })),
    qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].endsWith(PARTICIPANTS_KEY_SUFFIX) }),
    qc.invalidateQueries({ queryKey: BOT_FLAGS_QUERY_KEY }),
  ]);
}

/** The toggle's accessible name: what pressing it will do. */
export function botToggleLabel(username: string, bot: boolean): string {
  return bot ? `Unflag ${username} as bot` : `Flag ${username} as bot`;
}
