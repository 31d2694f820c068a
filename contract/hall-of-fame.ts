/**
 * GET /api/hall-of-fame and GET /api/racer-awards (docs/product.md §7, Hall of Fame): the winners
 * of every closed site day, week (Sunday to Saturday) and month by Points, flagged racers left out
 * (as the boards with showbot off), and the all-time records.
 */
import { z } from 'zod';
import { UsernameQuery } from './racers.js';
import { errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';
import { HALL_PERIODS } from '../rules/hall-of-fame.js';

export { HALL_PAGE_SIZE, HALL_PERIODS, HALL_WPM_MIN_RACES } from '../rules/hall-of-fame.js';

export const HallPeriod = z.enum(HALL_PERIODS, { error: 'period must be day, week or month' });
export type HallPeriod = z.infer<typeof HallPeriod>;

export const HallOfFameQuery = z.object({
  period: HallPeriod.optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page is too large')
    .optional(),
});
export type HallOfFameQuery = z.input<typeof HallOfFameQuery>;

/** A racer with their totals over a period (as the individual board's row). */
export const HallRacer = z.object({
  UserID: z.number(),
  Username: z.string(),
  CurrentDisplayName: z.string(),
  /** The team the racer is on now; null when on no tracked team. */
  TeamTag: z.string().nullable(),
  /** Always 0: flagged racers are left out. */
  bot: z.literal(0),
  Races: z.number(),
  /** Fraction 0–1; null when nothing was typed. */
  Accuracy: z.number().nullable(),
  WPM: z.number().nullable(),
  Points: z.number(),
});
export type HallRacer = z.infer<typeof HallRacer>;

/** A team with the totals of its racers' batches over a period, flagged racers' left out. */
export const HallTeam = z.object({
  TeamTag: z.string(),
  Races: z.number(),
  Accuracy: z.number().nullable(),
  WPM: z.number().nullable(),
  Points: z.number(),
});
export type HallTeam = z.infer<typeof HallTeam>;

/** One closed period: its first and last site day (both included) and its winners. */
export const HallPeriodRow = z.object({
  start: z.string(),
  end: z.string(),
  racer: HallRacer.nullable(),
  team: HallTeam.nullable(),
  /** The site began tracking after the period began: its winners are of the part it saw. */
  partial: z.boolean(),
});
export type HallPeriodRow = z.infer<typeof HallPeriodRow>;

/** A record: the racer, the day or week (its first day) it was set, and their totals then. */
export const HallRecord = HallRacer.extend({ start: z.string(), end: z.string() });
export type HallRecord = z.infer<typeof HallRecord>;

export const HallRecords = z.object({
  mostRacesDay: HallRecord.nullable(),
  mostRacesWeek: HallRecord.nullable(),
  /** Best WPM of a day with at least `HALL_WPM_MIN_RACES` races. */
  bestDailyWpm: HallRecord.nullable(),
});
export type HallRecords = z.infer<typeof HallRecords>;

export const HallOfFameResponse = z.object({
  period: HallPeriod,
  page: z.number(),
  /** Pages of closed periods of this kind (0 when none has closed yet). */
  pages: z.number(),
  /** Newest first. */
  periods: z.array(HallPeriodRow),
  records: HallRecords,
});
export type HallOfFameResponse = z.infer<typeof HallOfFameResponse>;

/** One title a racer won. */
export const RacerAward = z.object({
  kind: z.enum(['day', 'week', 'month', 'mostRacesDay', 'mostRacesWeek', 'bestDailyWpm']),
  start: z.string(),
  end: z.string(),
  Races: z.number(),
  Accuracy: z.number().nullable(),
  WPM: z.number().nullable(),
  Points: z.number(),
});
export type RacerAward = z.infer<typeof RacerAward>;

/** Newest first; empty when the racer has won nothing (or is not known). */
export const RacerAwardsResponse = z.object({ awards: z.array(RacerAward) });
export type RacerAwardsResponse = z.infer<typeof RacerAwardsResponse>;

export const hallOfFame = endpoint({
  method: 'GET',
  path: '/api/hall-of-fame',
  cache: 'minute',
  query: HallOfFameQuery,
  ok: HallOfFameResponse,
  errors: errorAnswers(400),
  tags: ['leaderboards'],
});

export const racerAwards = endpoint({
  method: 'GET',
  path: '/api/racer-awards',
  cache: 'minute',
  query: UsernameQuery,
  ok: RacerAwardsResponse,
  errors: errorAnswers(400),
  tags: ['racers'],
});
