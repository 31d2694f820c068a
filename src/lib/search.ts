/**
 * Address query strings. The router reads and writes plain `?a=b` pairs (every value a string,
 * as in the spec's addresses `/racers?username=x&subtab=batch&tag=T`), and each route validates
 * its own params with these schemas; a bad value is dropped, never an error page. They use
 * valibot: route configs sit in the first script a phone downloads, where valibot's schemas cost
 * about 2 KB against zod/mini's 45 KB (the contract's zod stays on the server's side).
 */
import * as v from 'valibot';

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

/** A param that is dropped (undefined) when absent or not valid, never an error. */
function dropInvalid<S extends v.GenericSchema>(schema: S) {
  return v.fallback(v.optional(schema), undefined);
}

/** A team tag (letters and digits), upper-cased; anything else is dropped. */
export const tagParam = dropInvalid(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9]{1,10}$/), v.toUpperCase()));

/** `tagParam` applied to one value: the tag upper-cased, or undefined. */
export function validTag(value: unknown): string | undefined {
  return v.parse(tagParam, value);
}

/** A racer's username as the game spells it; anything else is dropped. */
export const usernameParam = dropInvalid(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)));

/** The spec's three tabs plus Bests (personal bests and milestones). */
export const RACER_SUBTABS = ['batch', 'daily', 'weekly', 'bests'] as const;
export type RacerSubtab = (typeof RACER_SUBTABS)[number];

/** Racer inspector tab: batch, daily or weekly; anything else is dropped (the screen defaults to batch). */
export const subtabParam = dropInvalid(v.picklist(RACER_SUBTABS));

/** A positive whole number (an event id, `12` or `'12'`); anything else is dropped. */
export const idParam = dropInvalid(
  v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.number(), v.integer(), v.minValue(1)),
);

/** A page number from 1 (`3` or `'3'`); anything else is dropped. */
export const pageParam = idParam;

/** A site-zone day as YYYY-MM-DD; anything else is dropped. */
export const dayParam = dropInvalid(v.pipe(v.string(), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/)));

/** Search params of every team route. */
export const teamSearchSchema = v.object({ tag: tagParam });
export type TeamSearch = v.InferOutput<typeof teamSearchSchema>;

/** Search params of the racer routes: username, subtab and the kept team tag. */
export const racerSearchSchema = v.object({ username: usernameParam, subtab: subtabParam, tag: tagParam });
export type RacerSearch = v.InferOutput<typeof racerSearchSchema>;

/** Search params of a racer's own pages: the kept team tag and the inspector's date range (days, both included). */
export const racerPageSearchSchema = v.object({ tag: tagParam, from: dayParam, to: dayParam });
export type RacerPageSearch = v.InferOutput<typeof racerPageSearchSchema>;

/** Search params of the head-to-head comparison (/racers/compare?a=x&b=y&from=d&to=d). */
export const compareSearchSchema = v.object({ a: usernameParam, b: usernameParam, from: dayParam, to: dayParam });
export type CompareSearch = v.InferOutput<typeof compareSearchSchema>;

/** Search params of the event viewer: the team tag and the event. */
export const eventViewerSearchSchema = v.object({ tag: tagParam, event: idParam });
export type EventViewerSearch = v.InferOutput<typeof eventViewerSearchSchema>;
