/** Shapes shared by many calls of the wire contract. */
import { z } from 'zod';
import type { ErrorStatus } from './endpoint.js';

/** Every 4xx/5xx answer, and the spec's "error field" answers. */
export const ErrorResponse = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** An endpoint's `errors`: each of these statuses answers `{ error }`. */
export function errorAnswers<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse])) as Record<S, typeof ErrorResponse>;
}

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
 * A NUL character, or half of a UTF-16 surrogate pair without the other half: text PostgreSQL
 * cannot store (NUL) or that has no UTF-8 form (a lone surrogate). Every input is checked for
 * both (`unsafeTextPath`, server/http/plugins/text-guard.ts); pairs (emoji) are fine.
 */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters it looks for
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSAFE_TEXT_ERROR = 'text must not contain a NUL character or an unpaired surrogate';

export function isUnsafeText(s: string): boolean {
  return UNSAFE_TEXT.test(s);
}

/**
 * Where in a parsed JSON body, query or params the first unsafe text is (a key or a value), as a
 * dotted path ('' for the value itself), or null when there is none.
 */
export function unsafeTextPath(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isUnsafeText(value) ? '' : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    if (isUnsafeText(key)) return key.replace(UNSAFE_TEXT, '?');
    const inner = unsafeTextPath(v, depth + 1);
    if (inner !== null) return inner ? `${key}.${inner}` : key;
  }
  return null;
}

/**
 * The game's standing of a racer's account, from the member's `status` in the game's team answer
 * as last seen: 'banned' or 'warned', null in good standing.
 */
export const GameStatus = z.enum(['banned', 'warned']).nullable();
export type GameStatus = z.infer<typeof GameStatus>;
