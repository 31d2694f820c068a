/** Shapes shared by many calls of the wire contract. */
import { z } from 'zod';

/** Every 4xx/5xx answer, and the spec's "error field" answers. */
export const ErrorResponse = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A team tag as the game spells it: letters and digits, 1 to 6 characters, upper-cased. */
export const TeamTag = z
  .string()
  .trim()
  .min(1, 'tag is required')
  .max(10, 'tag is too long')
  .regex(/^[A-Za-z0-9]+$/, 'tag must be letters and digits')
  .transform((s) => s.toUpperCase());

export const TagQuery = z.object({ tag: TeamTag });

/** YYYY-MM-DD calendar day in the site time zone. */
export const DayKey = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

export const Role = z.enum(['admin', 'teamadmin']);
export type Role = z.infer<typeof Role>;

/**
 * The game's standing of a racer's account, from the member's `status` in the game's team answer
 * as last seen: 'banned' or 'warned', null in good standing.
 */
export const GameStatus = z.enum(['banned', 'warned']).nullable();
export type GameStatus = z.infer<typeof GameStatus>;
