/**
 * GET /api/daily-participants?tag&date and GET /api/weekly-participants?tag&week: every racer who
 * raced for the team in one site-zone day (00:00:00–23:59:59) or one Sunday-to-Saturday week.
 */
import { z } from 'zod';
import { DayKey, TeamTag, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

/** `date` defaults to today (site zone). */
export const DailyParticipantsQuery = z.object({ tag: TeamTag, date: DayKey.optional() });
/** `week` is the Sunday that starts the week; any other day means the week holding it. Defaults to this week. */
export const WeeklyParticipantsQuery = z.object({ tag: TeamTag, week: DayKey.optional() });

/**
 * One participant (docs/product.md §3): window aggregates from raw deltas. Accuracy is a fraction 0–1; WPM
 * and Accuracy are null only if no time or text was recorded. Squad '' means Unassigned.
 */
export const TrackerParticipant = z.object({
  UserID: z.number(),
  Username: z.string(),
  CurrentDisplayName: z.string(),
  TeamTag: z.string(),
  Squad: z.string(),
  SquadName: z.string().nullable(),
  TotalRaces: z.number(),
  WPM: z.number().nullable(),
  Accuracy: z.number().nullable(),
  Points: z.number(),
  bot: z.union([z.literal(0), z.literal(1)]),
});
export type TrackerParticipant = z.infer<typeof TrackerParticipant>;

/**
 * Participants ordered by Points descending, then TotalRaces descending, then Username; start and
 * end are the window in the site zone (`YYYY-MM-DD 00:00:00` and `YYYY-MM-DD 23:59:59`).
 */
export const ParticipantsResponse = z.object({
  start: z.string(),
  end: z.string(),
  participants: z.array(TrackerParticipant),
});
export type ParticipantsResponse = z.infer<typeof ParticipantsResponse>;

export const dailyParticipants = endpoint({
  method: 'GET',
  path: '/api/daily-participants',
  cache: 'minute',
  query: DailyParticipantsQuery,
  ok: ParticipantsResponse,
  errors: errorAnswers(400),
  tags: ['trackers'],
});

export const weeklyParticipants = endpoint({
  method: 'GET',
  path: '/api/weekly-participants',
  cache: 'minute',
  query: WeeklyParticipantsQuery,
  ok: ParticipantsResponse,
  errors: errorAnswers(400),
  tags: ['trackers'],
});
