/**
 * Staff-only answers, keyed under `['staff', …]` (the persisted cache keeps them only while
 * logged in): accounts, bot flags, tracked teams, the audit log and a team's Discord settings (the
 * webhook URL never comes back, only its last 4 characters); and every staff write.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AdminEventResponse, EventFormBody, PayToPlayBody } from '../../contract/admin-events';
import type { LoginResponse } from '../../contract/auth';
import type { DiscordSettings, DiscordSettingsBody, DiscordTestResponse } from '../../contract/discord';
import type {
  AuditLogResponse,
  BotFlagResponse,
  BotFlagRow,
  SuccessResponse,
  TrackedTeamRow,
} from '../../contract/staff';
import type { CreateUserBody, UpdateUserBody, UserChangeResponse, UsersResponse } from '../../contract/users';
import { apiGet, apiSend } from './client';
import { keys } from './keys';

export const usersQueryOptions = () =>
  queryOptions({ queryKey: keys.users, queryFn: () => apiGet<UsersResponse>('/api/users') });

export const botFlagsQueryOptions = () =>
  queryOptions({ queryKey: keys.botFlags, queryFn: () => apiGet<BotFlagRow[]>('/api/admin/bot-flags') });

export const trackedTeamsQueryOptions = () =>
  queryOptions({ queryKey: keys.trackedTeams, queryFn: () => apiGet<TrackedTeamRow[]>('/api/admin/tracked-teams') });

export const AUDIT_PAGE = 50;
export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: keys.auditLog,
    queryFn: ({ pageParam }) =>
      apiGet<AuditLogResponse>('/api/admin/audit-log', { limit: AUDIT_PAGE, before: pageParam ?? undefined }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });

export const discordQueryOptions = (tag: string) =>
  queryOptions({ queryKey: keys.discord(tag), queryFn: () => apiGet<DiscordSettings>('/api/admin/discord', { tag }) });

export const login = (body: { username: string; password: string }) =>
  apiSend<LoginResponse>('POST', '/api/login', body);
export const logout = () => apiSend<unknown>('POST', '/api/logout', {});

export const createUser = (body: CreateUserBody) => apiSend<UserChangeResponse>('POST', '/api/users', body);
export const updateUser = (id: number, body: UpdateUserBody) =>
  apiSend<UserChangeResponse>('PUT', `/api/users/${id}`, body);
export const deleteUser = (id: number) => apiSend<UserChangeResponse>('DELETE', `/api/users/${id}`);

export const putBotFlag = (username: string, bot: boolean) =>
  apiSend<BotFlagResponse>('PUT', `/api/admin/bot-flags/${encodeURIComponent(username)}`, { bot });
export const trackTeam = (tag: string) => apiSend<{ success: true }>('POST', '/api/admin/tracked-teams', { tag });
export const untrackTeam = (tag: string) =>
  apiSend<{ success: true }>('DELETE', `/api/admin/tracked-teams/${encodeURIComponent(tag)}`);

export const createEvent = (body: EventFormBody) => apiSend<AdminEventResponse>('POST', '/api/admin/events', body);
export const updateEvent = (id: number, body: EventFormBody | PayToPlayBody) =>
  apiSend<AdminEventResponse>('PUT', `/api/admin/events/${id}`, body);
export const deleteEvent = (id: number) => apiSend<{ success: true }>('DELETE', `/api/admin/events/${id}`);

export const updateMemberSquad = (body: { username: string; squad: string; tag: string }) =>
  apiSend<SuccessResponse>('POST', '/api/update-member-squad', body);
export const updateSquadName = (body: { tag: string; squad: string; customName: string }) =>
  apiSend<SuccessResponse>('POST', '/api/update-custom-squad-name', body);

export const saveDiscord = (body: DiscordSettingsBody) => apiSend<DiscordSettings>('PUT', '/api/admin/discord', body);
export const removeDiscord = (tag: string) =>
  apiSend<SuccessResponse>('DELETE', `/api/admin/discord/${encodeURIComponent(tag)}`);
export const testDiscord = (tag: string) => apiSend<DiscordTestResponse>('POST', '/api/admin/discord/test', { tag });
