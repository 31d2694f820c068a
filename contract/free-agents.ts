/**
 * GET /api/free-agents (docs/product.md §6, Free agents): racers who left a tracked team in the
 * last 14 days and are on no tracked team now, for captains recruiting.
 */
import { z } from 'zod';
import { errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

export { FREE_AGENT_DAYS, FREE_AGENT_FORM_DAYS } from '../rules/hall-of-fame.js';

export const FreeAgentRow = z.object({
  UserID: z.number(),
  Username: z.string(),
  CurrentDisplayName: z.string(),
  /** The tracked team the racer left last. */
  LastTeam: z.string(),
  /** When they left it, ISO 8601. */
  LeftAt: z.string(),
  /** 1 when an admin flagged the racer as a bot. */
  bot: z.union([z.literal(0), z.literal(1)]),
  /** Over the last 7 site days, today included, on any team. */
  Races: z.number(),
  /** Fraction 0–1; null when nothing was typed. */
  Accuracy: z.number().nullable(),
  WPM: z.number().nullable(),
  Points: z.number(),
});
export type FreeAgentRow = z.infer<typeof FreeAgentRow>;

/** Latest leave first. */
export const FreeAgentsResponse = z.array(FreeAgentRow);
export type FreeAgentsResponse = z.infer<typeof FreeAgentsResponse>;

export const freeAgents = endpoint({
  method: 'GET',
  path: '/api/free-agents',
  cache: 'minute',
  ok: FreeAgentsResponse,
  errors: errorAnswers(400),
  tags: ['teams'],
});
