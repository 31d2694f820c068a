/**
 * Staff-only answers, keyed under `['staff', …]` (the persisted cache keeps them only while
 * logged in): accounts, bot flags, tracked teams, the audit log and a team's Discord settings (the
 * webhook URL never comes back, only its last 4 characters); and every staff write.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { EventFormBody, PayToPlayBody } from '../../contract/admin-events';
import type { DiscordSettingsBody } from '../../contract/discord';
import type { RequirementSettingsBody } from '../../contract/requirements';
import type { CreateUserBody, UpdateUserBody } from '../../contract/users';
import { call, type BodyOf } from './client';
import { routes } from './routes';
import { keys } from './keys';

export const usersQueryOptions = () => queryOptions({ queryKey: keys.users, queryFn: () => call(routes.users) });

export const botFlagsQueryOptions = () =>
  queryOptions({ queryKey: keys.botFlags, queryFn: () => call(routes.botFlags) });

export const trackedTeamsQueryOptions = () =>
  queryOptions({ queryKey: keys.trackedTeams, queryFn: () => call(routes.trackedTeams) });

export const AUDIT_PAGE = 50;
export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: keys.auditLog,
    queryFn: ({ pageParam }) => call(routes.auditLog, { query: { limit: AUDIT_PAGE, before: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });

export const discordQueryOptions = (tag: string) =>
  queryOptions({ queryKey: keys.discord(tag), queryFn: () => call(routes.discordSettings, { query: { tag } }) });

export const login = (body: { username: string; password: string }) => call(routes.login, { body });
export const logout = () => call(routes.logout);

export const createUser = (body: CreateUserBody) => call(routes.createUser, { body });
export const updateUser = (id: number, body: UpdateUserBody) =>
  call(routes.updateUser, { params: { id: String(id) }, body });
export const deleteUser = (id: number) => call(routes.deleteUser, { params: { id: String(id) } });

export const putBotFlag = (username: string, bot: boolean) =>
  call(routes.setBotFlag, { params: { username }, body: { bot } });
export const trackTeam = (tag: string) => call(routes.trackTeam, { body: { tag } });
export const untrackTeam = (tag: string) => call(routes.untrackTeam, { params: { tag } });

export const createEvent = (body: EventFormBody) => call(routes.createEvent, { body });
export const updateEvent = (id: number, body: EventFormBody | PayToPlayBody) =>
  call(routes.updateEvent, { params: { EventID: String(id) }, body });
export const deleteEvent = (id: number) => call(routes.deleteEvent, { params: { EventID: String(id) } });

export const updateMemberSquad = (body: BodyOf<typeof routes.updateMemberSquad>) =>
  call(routes.updateMemberSquad, { body });
export const updateSquadName = (body: BodyOf<typeof routes.updateSquadName>) => call(routes.updateSquadName, { body });

export const saveDiscord = (body: DiscordSettingsBody) => call(routes.saveDiscordSettings, { body });
export const requirementSettingsQueryOptions = (tag: string) =>
  queryOptions({
    queryKey: keys.requirementSettings(tag),
    queryFn: () => call(routes.requirementSettings, { query: { tag } }),
  });
export const saveRequirements = (body: RequirementSettingsBody) => call(routes.saveRequirementSettings, { body });
export const removeDiscord = (tag: string) => call(routes.removeDiscordWebhook, { params: { tag } });
export const testDiscord = (tag: string) => call(routes.sendDiscordTest, { body: { tag } });
export const postDiscordAgain = (tag: string, id: number) => call(routes.postDiscordAgain, { body: { tag, id } });
