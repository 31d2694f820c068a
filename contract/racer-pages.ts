/**
 * GET /api/racer-bests?username and GET /api/racer-compare?a&b&from&to: a racer's personal bests
 * and lifetime-race milestones, and two racers side by side per site-zone day over one date range.
 */
import { z } from 'zod';
import { DayKey, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';
import { UsernameQuery } from './racers.js';

export { BEST_ACCURACY_MIN_RACES, COMPARE_MAX_DAYS, FASTEST_BATCH_MIN_RACES } from './racer-page-limits.js';

/** Which record a best is. */
export const BestKind = z.enum(['fastest-batch', 'most-races-day', 'most-races-week', 'best-accuracy-day']);
export type BestKind = z.infer<typeof BestKind>;

export const PersonalBest = z.object({
  kind: BestKind,
  /** The batch end time (`YYYY-MM-DD HH:MM:SS`), the day, or the Sunday starting the week, in the site zone. */
  at: z.string(),
  /** The site-zone days to open the racer inspector on, both ends included. */
  from: DayKey,
  to: DayKey,
  races: z.number(),
  wpm: z.number().nullable(),
  /** Fraction 0-1. */
  accuracy: z.number().nullable(),
});
export type PersonalBest = z.infer<typeof PersonalBest>;

export const Milestone = z.object({
  /** Lifetime races. */
  races: z.number(),
  /** The site-zone day the lifetime counter reached it; null when it did before the first recorded day. */
  day: DayKey.nullable(),
});
export type Milestone = z.infer<typeof Milestone>;

export const RacerBestsResponse = z.object({
  username: z.string(),
  /** Only the records the racer has (a best needs qualifying batches or days). */
  bests: z.array(PersonalBest),
  /** The latest lifetime counter the collector saw; null when none was ever read. */
  lifetimeRaces: z.number().nullable(),
  /** Milestones passed, oldest first. */
  milestones: z.array(Milestone),
  /** The next milestone, null without a lifetime counter. */
  nextMilestone: z.number().nullable(),
});
export type RacerBestsResponse = z.infer<typeof RacerBestsResponse>;

export const RacerBestsQuery = UsernameQuery;

const username = (which: string) => z.string().trim().min(1, `${which} is required`).max(100, `${which} is too long`);

export const RacerCompareQuery = z.object({
  a: username('a'),
  b: username('b'),
  from: DayKey,
  to: DayKey,
});
export type RacerCompareQuery = z.infer<typeof RacerCompareQuery>;

/** One racer's numbers per day of the range (index i is `days[i]`), and over the whole range. */
export const CompareRacer = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  races: z.array(z.number()),
  wpm: z.array(z.number().nullable()),
  accuracy: z.array(z.number().nullable()),
  totals: z.object({
    races: z.number(),
    wpm: z.number().nullable(),
    accuracy: z.number().nullable(),
    points: z.number(),
    /** Days of the range with at least one race. */
    activeDays: z.number(),
  }),
});
export type CompareRacer = z.infer<typeof CompareRacer>;

export const RacerCompareResponse = z.object({
  from: DayKey,
  to: DayKey,
  /** Every day of the range, oldest first. */
  days: z.array(DayKey),
  a: CompareRacer,
  b: CompareRacer,
});
export type RacerCompareResponse = z.infer<typeof RacerCompareResponse>;

export const racerBests = endpoint({
  method: 'GET',
  path: '/api/racer-bests',
  cache: 'data',
  query: RacerBestsQuery,
  ok: RacerBestsResponse,
  errors: errorAnswers(404),
  tags: ['racers'],
  summary:
    "A racer's personal bests (fastest batch, most races in a day and week, best accuracy day) and lifetime-race milestones",
});

export const racerCompare = endpoint({
  method: 'GET',
  path: '/api/racer-compare',
  cache: 'data',
  query: RacerCompareQuery,
  ok: RacerCompareResponse,
  errors: errorAnswers(400, 404),
  tags: ['racers'],
  summary: 'Two racers side by side: races, WPM and accuracy per site-zone day from `from` to `to`, and their totals',
});
