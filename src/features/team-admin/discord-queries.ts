/**
 * The team's Discord connection on /teams/admin: its settings (staff-only, so keyed under
 * 'staff'; the webhook URL never comes back, only its last 4 characters) and its writes.
 */
import { queryOptions } from '@tanstack/react-query';
import type { DiscordSettings, DiscordSettingsBody, DiscordTestResponse } from '../../../contract/discord';
import type { SuccessResponse } from '../../../contract/staff';
import { apiGet, apiSend } from '../../lib/api';

export function discordQueryOptions(tag: string) {
  return queryOptions({
    queryKey: ['staff', 'discord', { tag }] as const,
    queryFn: () => apiGet<DiscordSettings>('/api/admin/discord', { tag }),
  });
}

export const saveDiscord = (body: DiscordSettingsBody) => apiSend<DiscordSettings>('PUT', '/api/admin/discord', body);
export const removeDiscord = (tag: string) =>
  apiSend<SuccessResponse>('DELETE', `/api/admin/discord/${encodeURIComponent(tag)}`);
export const testDiscord = (tag: string) => apiSend<DiscordTestResponse>('POST', '/api/admin/discord/test', { tag });
