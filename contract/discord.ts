/**
 * Calls of a team's Discord connection (staff of that team): its settings, where the webhook URL
 * is write-only (answers show its last characters, never the URL), the posts whose outcome is
 * unknown (posting one again), and a test message.
 */
import { z } from 'zod';
import { TagQuery, TeamTag, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';
import { SuccessResponse } from './staff.js';

/**
 * A post that went out without an answer (no answer in time, the server stopped while sending):
 * it may be in the channel, so it is not sent again unless staff ask.
 */
export const UnconfirmedPost = z.object({
  id: z.number().int(),
  /** The post's title, as in the channel. */
  title: z.string(),
  /** When it was sent (ISO 8601). */
  attemptedAt: z.string(),
  /** What happened, in words. */
  reason: z.string(),
});
export type UnconfirmedPost = z.infer<typeof UnconfirmedPost>;

export const DiscordSettings = z.object({
  tag: z.string(),
  connected: z.boolean(),
  /** The webhook URL's last 4 characters, to tell which one is set; null when none is. */
  urlEnding: z.string().nullable(),
  eventStandings: z.boolean(),
  dailyTop: z.boolean(),
  /** A daily list of who joined and who left the team. */
  memberLog: z.boolean(),
  /** Whether SITE_URL is set: posts link back to the site only then. */
  linksOn: z.boolean(),
  /** Posts of the last 7 days whose outcome is unknown, newest first (at most 10). */
  unconfirmed: z.array(UnconfirmedPost),
});
export type DiscordSettings = z.infer<typeof DiscordSettings>;

/** Saves the choices; `url` sets or replaces the webhook, left out it keeps the current one. */
export const DiscordSettingsBody = z.object({
  tag: TeamTag,
  url: z.string().trim().min(1, 'url is required').max(300, 'url is too long').optional(),
  eventStandings: z.boolean(),
  dailyTop: z.boolean(),
  memberLog: z.boolean().default(false),
});
export type DiscordSettingsBody = z.input<typeof DiscordSettingsBody>;

export const DiscordTagParams = z.object({ tag: TeamTag });
export const DiscordTestBody = z.object({ tag: TeamTag });
export const DiscordPostAgainBody = z.object({ tag: TeamTag, id: z.number().int().positive() });

export const DiscordTestResponse = z.object({
  delivered: z.boolean(),
  /** What happened, in words (Discord's status, a wait it asked for, no answer in time). */
  message: z.string(),
});
export type DiscordTestResponse = z.infer<typeof DiscordTestResponse>;

const refused = errorAnswers(400, 401, 403, 404);

export const discordSettings = endpoint({
  method: 'GET',
  path: '/api/admin/discord',
  cache: 'none',
  access: 'staff',
  query: TagQuery,
  ok: DiscordSettings,
  errors: refused,
  tags: ['discord'],
  summary: "A team's Discord settings",
});

export const saveDiscordSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/discord',
  access: 'staff',
  body: DiscordSettingsBody,
  ok: DiscordSettings,
  errors: refused,
  tags: ['discord'],
  summary: 'Set the webhook and the posts',
});

export const removeDiscordWebhook = endpoint({
  method: 'DELETE',
  path: '/api/admin/discord/:tag',
  access: 'staff',
  params: DiscordTagParams,
  ok: SuccessResponse,
  errors: refused,
  tags: ['discord'],
  summary: 'Disconnect the webhook',
});

export const sendDiscordTest = endpoint({
  method: 'POST',
  path: '/api/admin/discord/test',
  access: 'staff',
  body: DiscordTestBody,
  ok: DiscordTestResponse,
  errors: refused,
  tags: ['discord'],
  summary: 'Post a test message now',
});

export const postDiscordAgain = endpoint({
  method: 'POST',
  path: '/api/admin/discord/post-again',
  access: 'staff',
  body: DiscordPostAgainBody,
  ok: DiscordSettings,
  errors: refused,
  tags: ['discord'],
  summary: 'Queue a post of unknown outcome again',
});
