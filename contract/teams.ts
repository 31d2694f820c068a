/** GET /api/team-tags and GET /api/team-info. */
import { z } from 'zod';
import { TagQuery, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

export const TeamTagsResponse = z.array(z.string());
export type TeamTagsResponse = z.infer<typeof TeamTagsResponse>;

/** Team info card fields (docs/product.md §2): null where the game gave nothing. */
export const TeamInfo = z.object({
  Tag: z.string(),
  name: z.string().nullable(),
  tagColor: z.string().nullable(),
  createdStamp: z.string().nullable(),
  captain: z.string().nullable(),
  username: z.string().nullable(),
  min_races: z.number().nullable(),
  min_speed: z.number().nullable(),
  WeeklyRequirements: z.number().nullable(),
  otherRequirements: z.string().nullable(),
  /**
   * The team's last successful poll (ISO 8601), null when it never collected: the team screens
   * say the data is stale when it is old (beyond the spec).
   */
  lastPolledAt: z.string().nullable(),
});
export type TeamInfo = z.infer<typeof TeamInfo>;

export const teamTags = endpoint({
  method: 'GET',
  path: '/api/team-tags',
  cache: 'data',
  ok: TeamTagsResponse,
  tags: ['teams'],
});

export const teamInfo = endpoint({
  method: 'GET',
  path: '/api/team-info',
  cache: 'data',
  query: TagQuery,
  ok: TeamInfo,
  errors: errorAnswers(404),
  tags: ['teams'],
});
