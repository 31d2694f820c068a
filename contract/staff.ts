/**
 * Staff writes other than users and events: squad assignment and custom squad names (admin or the
 * team's teamadmin), bot flags, tracked teams and the audit log (admin only).
 */
import { z } from 'zod';
import { TagQuery, TeamTag, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';
import { SQUADS, UNASSIGNED } from './squads.js';

const RacerUsername = z.string().trim().min(1, 'username is required').max(100, 'username is too long');

/** POST /api/update-member-squad. An empty squad or "Unassigned" removes the member's squad. */
export const UpdateMemberSquadBody = z.object({
  username: RacerUsername,
  squad: z.union([z.enum(SQUADS), z.literal(UNASSIGNED), z.literal('')], { error: 'Unknown squad' }),
  /** The team the board shows; defaults to the racer's current team. */
  tag: TeamTag.optional(),
});
export type UpdateMemberSquadBody = z.input<typeof UpdateMemberSquadBody>;

/** POST /api/update-custom-squad-name. An empty name removes the custom name. */
export const UpdateSquadNameBody = z.object({
  tag: TeamTag,
  squad: z.enum(SQUADS, { error: 'Unknown squad' }),
  customName: z.string().trim().max(40, 'Squad name is too long (40 characters at most)'),
});
export type UpdateSquadNameBody = z.input<typeof UpdateSquadNameBody>;

/** GET /api/squad-names?tag: the team's custom squad names (squads without one are left out). */
export const SquadNamesResponse = z.array(z.object({ squad: z.string(), customName: z.string() }));
export type SquadNamesResponse = z.infer<typeof SquadNamesResponse>;

export const SuccessResponse = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof SuccessResponse>;

/** GET /api/admin/bot-flags: the racers flagged as bots. */
export const BotFlagRow = z.object({
  userID: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  flaggedBy: z.string().nullable(),
  /** ISO 8601. */
  flaggedAt: z.string(),
});
export type BotFlagRow = z.infer<typeof BotFlagRow>;
export const BotFlagsResponse = z.array(BotFlagRow);

/** PUT /api/admin/bot-flags/{username}: flag (bot true) or unflag a racer. */
export const BotFlagParams = z.object({ username: RacerUsername });
export const SetBotFlagBody = z.object({ bot: z.boolean({ error: 'bot must be true or false' }) });
export const BotFlagResponse = z.object({ success: z.literal(true), username: z.string(), bot: z.boolean() });
export type BotFlagResponse = z.infer<typeof BotFlagResponse>;

/** GET /api/admin/tracked-teams: every team the site knows, tracked or not. */
export const TrackedTeamRow = z.object({
  tag: z.string(),
  name: z.string().nullable(),
  tracked: z.boolean(),
  /** ISO 8601, null before the first successful poll. */
  lastPolledAt: z.string().nullable(),
  /**
   * When the team is failing now (its newest answer from the game came after its last successful
   * poll, or it never collected and has failed): the first failure since then (ISO 8601), else null.
   */
  failingSince: z.string().nullable(),
  /** The newest failure in words ("The game answered 404: no such team"), null when not failing. */
  lastError: z.string().nullable(),
});
export type TrackedTeamRow = z.infer<typeof TrackedTeamRow>;
export const TrackedTeamsResponse = z.array(TrackedTeamRow);

/** POST /api/admin/tracked-teams adds (or re-tracks) a tag; DELETE …/{tag} stops polling it. */
export const TrackTeamBody = z.object({ tag: TeamTag });
export const TrackedTeamParams = z.object({ tag: TeamTag });
export const TrackedTeamResponse = z.object({ success: z.literal(true), tag: z.string(), tracked: z.boolean() });

/** GET /api/admin/audit-log?before&limit: newest first; `before` is the last id of the previous page. */
export const AuditQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const AuditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditLogResponse = z.object({ entries: z.array(AuditEntry), nextBefore: z.number().int().nullable() });
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;

const refused = errorAnswers(400, 401, 403, 404);

export const squadNames = endpoint({
  method: 'GET',
  path: '/api/squad-names',
  cache: 'data',
  query: TagQuery,
  ok: SquadNamesResponse,
  errors: errorAnswers(400),
  tags: ['squads'],
});

export const updateMemberSquad = endpoint({
  method: 'POST',
  path: '/api/update-member-squad',
  access: 'staff',
  body: UpdateMemberSquadBody,
  ok: SuccessResponse,
  errors: refused,
  tags: ['squads'],
});

export const updateSquadName = endpoint({
  method: 'POST',
  path: '/api/update-custom-squad-name',
  access: 'staff',
  body: UpdateSquadNameBody,
  ok: SuccessResponse,
  errors: refused,
  tags: ['squads'],
});

export const botFlags = endpoint({
  method: 'GET',
  path: '/api/admin/bot-flags',
  cache: 'none',
  access: 'admin',
  ok: BotFlagsResponse,
  errors: refused,
  tags: ['staff'],
});

export const setBotFlag = endpoint({
  method: 'PUT',
  path: '/api/admin/bot-flags/:username',
  access: 'admin',
  params: BotFlagParams,
  body: SetBotFlagBody,
  ok: BotFlagResponse,
  errors: refused,
  tags: ['staff'],
});

export const trackedTeams = endpoint({
  method: 'GET',
  path: '/api/admin/tracked-teams',
  cache: 'none',
  access: 'admin',
  ok: TrackedTeamsResponse,
  errors: refused,
  tags: ['staff'],
});

export const trackTeam = endpoint({
  method: 'POST',
  path: '/api/admin/tracked-teams',
  access: 'admin',
  body: TrackTeamBody,
  ok: TrackedTeamResponse,
  errors: refused,
  tags: ['staff'],
});

export const untrackTeam = endpoint({
  method: 'DELETE',
  path: '/api/admin/tracked-teams/:tag',
  access: 'admin',
  params: TrackedTeamParams,
  ok: TrackedTeamResponse,
  errors: refused,
  tags: ['staff'],
});

export const auditLog = endpoint({
  method: 'GET',
  path: '/api/admin/audit-log',
  cache: 'none',
  access: 'admin',
  query: AuditQuery,
  ok: AuditLogResponse,
  errors: refused,
  tags: ['staff'],
});
