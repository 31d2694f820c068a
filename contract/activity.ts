/**
 * GET /api/hourly-races, /api/daily-races, /api/weekly-races and /api/team-stats (the Activity
 * screen). Every window is computed from batch end times; days and weeks are site-time-zone days
 * (00:00:00–23:59:59) and Sunday-to-Saturday weeks. An unknown tag gets empty lists / zeros
 * for the charts and a 404 `{ error }` for team-stats.
 */
import { z } from 'zod';
import { TagQuery, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';
import { ShowBot } from './leaderboards.js';

/** hourly-races covers the current UTC hour and the 23 before it (24 hour buckets). */
export const HOURLY_RACES_HOURS = 24;
/** daily-races covers today and the 7 days before it (8 site-zone days, oldest first). */
export const DAILY_RACES_DAYS = 8;
/** weekly-races covers the current week and the 7 before it (8 Sunday weeks, oldest first). */
export const WEEKLY_RACES_WEEKS = 8;
/** team-stats covers now − 24 h to now; top_racer_7d covers now − 168 h to now (ends included). */
export const TEAM_STATS_HOURS = 24;
export const TOP_RACER_7D_HOURS = 168;

/**
 * One racer's races in one UTC hour (docs/product.md §3 "Hourly row"); only hours with races appear.
 * `hour` is the ISO 8601 UTC start of the hour; `racer` the display name (else the username).
 * Ordered by hour, then races descending, then username.
 */
export const HourlyRacesRow = z.object({
  hour: z.string(),
  racer: z.string(),
  username: z.string(),
  races: z.number(),
  /** 1 when an admin flagged the racer as a bot (as in the roster's rows). */
  bot: z.union([z.literal(0), z.literal(1)]),
});
export type HourlyRacesRow = z.infer<typeof HourlyRacesRow>;
export const HourlyRacesResponse = z.array(HourlyRacesRow);

/**
 * A day's (or a week's) total races for the team. `date` is YYYY-MM-DD: the site-zone day, or for
 * weekly-races the Sunday that starts the week. Every day/week of the window appears, 0 included.
 */
export const PeriodRacesRow = z.object({ date: z.string(), total_races: z.number() });
export type PeriodRacesRow = z.infer<typeof PeriodRacesRow>;
export const PeriodRacesResponse = z.array(PeriodRacesRow);

/** showbot TRUE: flagged racers may be the top racer too; FALSE or absent leaves them out. */
export const TeamStatsQuery = TagQuery.extend({ showbot: ShowBot.optional() });
export type TeamStatsQuery = z.input<typeof TeamStatsQuery>;

export const TopRacer = z.object({ username: z.string(), CurrentDisplayName: z.string(), races: z.number() });
export type TopRacer = z.infer<typeof TopRacer>;

/**
 * Team stats (docs/product.md §3) over now − 24 h to now: races, avg_wpm = (Σtyped/5)/(Σsecs/60) (null with
 * no races), accuracy = 1 − Σerrs/Σtyped as a fraction 0–1 (null with no races), active_members =
 * racers with at least one batch for the team. top_racer (24 h) and top_racer_7d: most races,
 * ties to the lower username, flagged racers left out unless showbot is TRUE; null when nobody
 * (else) raced.
 */
export const TeamStatsResponse = z.object({
  races: z.number(),
  avg_wpm: z.number().nullable(),
  accuracy: z.number().nullable(),
  active_members: z.number(),
  top_racer: TopRacer.nullable(),
  top_racer_7d: TopRacer.nullable(),
});
export type TeamStatsResponse = z.infer<typeof TeamStatsResponse>;

export const hourlyRaces = endpoint({
  method: 'GET',
  path: '/api/hourly-races',
  cache: 'minute',
  query: TagQuery,
  ok: HourlyRacesResponse,
  tags: ['activity'],
});

export const dailyRaces = endpoint({
  method: 'GET',
  path: '/api/daily-races',
  cache: 'minute',
  query: TagQuery,
  ok: PeriodRacesResponse,
  tags: ['activity'],
});

export const weeklyRaces = endpoint({
  method: 'GET',
  path: '/api/weekly-races',
  cache: 'minute',
  query: TagQuery,
  ok: PeriodRacesResponse,
  tags: ['activity'],
});

export const teamStats = endpoint({
  method: 'GET',
  path: '/api/team-stats',
  cache: 'minute',
  query: TeamStatsQuery,
  ok: TeamStatsResponse,
  errors: errorAnswers(404),
  tags: ['activity'],
});
