/**
 * Address query strings. The router reads and writes plain `?a=b` pairs (every value a string,
 * as in the spec's addresses `/racers?username=x&subtab=batch&tag=T`), and each route validates
 * its own params with these schemas; a bad value is dropped, never an error page. They use
 * `zod/mini`: route configs sit in the main bundle, and full zod would add about 40 kB gzip to it.
 */
import * as z from 'zod/mini';

/** `?a=b&c=d` → { a: 'b', c: 'd' }. */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}

/** { a: 'b', c: undefined } → `?a=b`; empty values are left out. */
export function stringifySearch(search: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) {
    if (v === undefined || v === null || v === '') continue;
    qs.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/** A team tag (letters and digits), upper-cased; anything else is dropped. */
export const tagParam = z.catch(
  z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{1,10}$/), z.toUpperCase())),
  undefined,
);

/** A racer's username as the game spells it; anything else is dropped. */
export const usernameParam = z.catch(
  z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  undefined,
);

/** The spec's three tabs plus Bests (personal bests and milestones). */
export const RACER_SUBTABS = ['batch', 'daily', 'weekly', 'bests'] as const;
export type RacerSubtab = (typeof RACER_SUBTABS)[number];

/** Racer inspector tab: batch, daily or weekly; anything else is dropped (the screen defaults to batch). */
export const subtabParam = z.catch(z.optional(z.enum(RACER_SUBTABS)), undefined);

/** A positive whole number (an event id); anything else is dropped. */
export const idParam = z.catch(
  z.optional(z.coerce.number().check(z.refine(Number.isInteger), z.positive())),
  undefined,
);

/** A site-zone day as YYYY-MM-DD; anything else is dropped. */
export const dayParam = z.catch(z.optional(z.string().check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined);

/** Search params of every team route. */
export const teamSearchSchema = z.object({ tag: tagParam });
export type TeamSearch = z.infer<typeof teamSearchSchema>;

/** Search params of the racer routes: username, subtab and the kept team tag. */
export const racerSearchSchema = z.object({ username: usernameParam, subtab: subtabParam, tag: tagParam });
export type RacerSearch = z.infer<typeof racerSearchSchema>;

/** Search params of a racer's own pages: the kept team tag and the inspector's date range (days, both included). */
export const racerPageSearchSchema = z.object({ tag: tagParam, from: dayParam, to: dayParam });
export type RacerPageSearch = z.infer<typeof racerPageSearchSchema>;

/** Search params of the head-to-head comparison (/racers/compare?a=x&b=y&from=d&to=d). */
export const compareSearchSchema = z.object({ a: usernameParam, b: usernameParam, from: dayParam, to: dayParam });
export type CompareSearch = z.infer<typeof compareSearchSchema>;

/** Search params of the event viewer: the team tag and the event. */
export const eventViewerSearchSchema = z.object({ tag: tagParam, event: idParam });
export type EventViewerSearch = z.infer<typeof eventViewerSearchSchema>;
