/**
 * The weekly requirement's strikes and settings: GET /api/requirement-strikes?tag (a team's strike
 * history, public) and GET / PUT /api/admin/requirement-settings (the team's staff: the
 * requirement override, how long strikes count, the Discord at-risk post's day).
 */
import { z } from 'zod';
import { TagQuery, TeamTag, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

/** One strike: the member raced Races of the Owed races (pro rata) in the week starting Week. */
export const StrikeEntry = z.object({
  /** Sunday (YYYY-MM-DD) of the week judged. */
  Week: z.string(),
  UserID: z.number(),
  Username: z.string(),
  CurrentDisplayName: z.string(),
  Owed: z.number(),
  Races: z.number(),
  /** The Sunday from which the strike no longer counts. */
  ExpiresOn: z.string(),
  Active: z.boolean(),
});
export type StrikeEntry = z.infer<typeof StrikeEntry>;

/** Newest week first, then Username. Unknown tag: 404. */
export const StrikeHistoryResponse = z.object({
  Tag: z.string(),
  StrikeWeeks: z.number().int(),
  /** Sunday of the current week: strikes count while it is within StrikeWeeks after theirs. */
  WeekStart: z.string(),
  strikes: z.array(StrikeEntry),
});
export type StrikeHistoryResponse = z.infer<typeof StrikeHistoryResponse>;

export const RequirementSettings = z.object({
  tag: z.string(),
  /** The game's weekly requirement from the team info (null: none). */
  gameWeekly: z.number().nullable(),
  /** The staff's override: null uses the game's, 0 sets no requirement. */
  override: z.number().int().nullable(),
  /** What applies now. */
  requirement: z.number().nullable(),
  strikeWeeks: z.number().int(),
  /** 0 Sunday .. 6 Saturday; null: no at-risk post. */
  atRiskWeekday: z.number().int().nullable(),
  /** Whether the team has a Discord webhook (the at-risk post needs one). */
  discordConnected: z.boolean(),
});
export type RequirementSettings = z.infer<typeof RequirementSettings>;

export const MAX_WEEKLY_OVERRIDE = 100_000;

export const RequirementSettingsBody = z.object({
  tag: TeamTag,
  override: z
    .number({ error: 'override must be a whole number of races or null' })
    .int('override must be a whole number of races')
    .min(0, 'override must be 0 or more')
    .max(MAX_WEEKLY_OVERRIDE, `override must be at most ${MAX_WEEKLY_OVERRIDE}`)
    .nullable(),
  strikeWeeks: z
    .number({ error: 'strikeWeeks must be a number of weeks from 1 to 52' })
    .int('strikeWeeks must be a whole number of weeks')
    .min(1, 'strikeWeeks must be from 1 to 52')
    .max(52, 'strikeWeeks must be from 1 to 52'),
  atRiskWeekday: z
    .number({ error: 'atRiskWeekday must be 0 (Sunday) to 6 (Saturday) or null' })
    .int('atRiskWeekday must be 0 (Sunday) to 6 (Saturday)')
    .min(0, 'atRiskWeekday must be 0 (Sunday) to 6 (Saturday)')
    .max(6, 'atRiskWeekday must be 0 (Sunday) to 6 (Saturday)')
    .nullable(),
});
export type RequirementSettingsBody = z.input<typeof RequirementSettingsBody>;

export const requirementStrikes = endpoint({
  method: 'GET',
  path: '/api/requirement-strikes',
  cache: 'minute',
  query: TagQuery,
  ok: StrikeHistoryResponse,
  errors: errorAnswers(404),
  tags: ['roster'],
  summary: "A team's weekly-requirement strikes, active and expired",
});

const refused = errorAnswers(400, 401, 403, 404);

export const requirementSettings = endpoint({
  method: 'GET',
  path: '/api/admin/requirement-settings',
  cache: 'none',
  access: 'staff',
  query: TagQuery,
  ok: RequirementSettings,
  errors: refused,
  tags: ['roster'],
  summary: "A team's weekly requirement override, strike expiry and at-risk post day",
});

export const saveRequirementSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/requirement-settings',
  access: 'staff',
  body: RequirementSettingsBody,
  ok: RequirementSettings,
  errors: refused,
  tags: ['roster'],
  summary: 'Set the weekly requirement override, strike expiry and at-risk post day',
});
