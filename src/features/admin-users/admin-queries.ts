/**
 * Queries and writes of /admin: staff accounts, the racers a user can be linked to, bot flags,
 * tracked teams and the audit log. Keys sit under 'staff' so logging out drops them.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { MemberDataLatestResponse } from '../../../contract/roster';
import type { AllUsernamesResponse } from '../../../contract/racers';
import type { AuditLogResponse, BotFlagResponse, BotFlagRow, TrackedTeamRow } from '../../../contract/staff';
import type { CreateUserBody, UpdateUserBody, UserChangeResponse, UsersResponse } from '../../../contract/users';
import { apiGet, apiSend } from '../../lib/api';
import { BOT_FLAGS_QUERY_KEY } from '../../lib/query-keys';

export const usersQueryOptions = () =>
  queryOptions({ queryKey: ['staff', 'users'] as const, queryFn: () => apiGet<UsersResponse>('/api/users') });

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'members'] as const,
    queryFn: () => apiGet<MemberDataLatestResponse>('/api/member-data-latest'),
    staleTime: 5 * 60_000,
  });

export const allUsernamesQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'all-usernames'] as const,
    queryFn: async () => (await apiGet<AllUsernamesResponse>('/api/all-usernames')).usernames,
    staleTime: 5 * 60_000,
  });

export const botFlagsQueryOptions = () =>
  queryOptions({ queryKey: BOT_FLAGS_QUERY_KEY, queryFn: () => apiGet<BotFlagRow[]>('/api/admin/bot-flags') });

export const trackedTeamsQueryOptions = () =>
  queryOptions({
    queryKey: ['staff', 'tracked-teams'] as const,
    queryFn: () => apiGet<TrackedTeamRow[]>('/api/admin/tracked-teams'),
  });

export const AUDIT_PAGE = 50;
export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['staff', 'audit-log'] as const,
    queryFn: ({ pageParam }) =>
      apiGet<AuditLogResponse>('/api/admin/audit-log', { limit: AUDIT_PAGE, before: pageParam ?? undefined }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });

export const createUser = (body: CreateUserBody) => apiSend<UserChangeResponse>('POST', '/api/users', body);
export const updateUser = (id: number, body: UpdateUserBody) =>
  apiSend<UserChangeResponse>('PUT', `/api/users/${id}`, body);
export const deleteUser = (id: number) => apiSend<UserChangeResponse>('DELETE', `/api/users/${id}`);

export const setBotFlag = (username: string, bot: boolean) =>
  apiSend<BotFlagResponse>('PUT', `/api/admin/bot-flags/${encodeURIComponent(username)}`, { bot });
export const trackTeam = (tag: string) => apiSend<{ success: true }>('POST', '/api/admin/tracked-teams', { tag });
export const untrackTeam = (tag: string) =>
  apiSend<{ success: true }>('DELETE', `/api/admin/tracked-teams/${encodeURIComponent(tag)}`);
