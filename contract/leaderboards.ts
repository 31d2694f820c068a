/**
 * GET /api/team-leaderboard and GET /api/individual-leaderboard (docs/product.md §7).
 *
 * `start_time` and `end_time` are `YYYY-MM-DD HH:MM:SS` in the site time zone (ISO 8601 with an
 * offset is accepted too); `end_time` is inclusive to the second, so a batch counts when
 * start_time ≤ batch end time < end_time + 1 s. At most 366 days.
 */
import { z } from 'zod';
import { errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

const ApiTime = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(40, `${name} is too long`);

/** TRUE / FALSE as the spec writes them; any letter case. */
export const ShowBot = z
  .string()
  .transform((s) => s.toUpperCase())
  .pipe(z.enum(['TRUE', 'FALSE'], { error: 'showbot must be TRUE or FALSE' }));

export const TeamLeaderboardQuery = z.object({
  start_time: ApiTime('start_time'),
  end_time: ApiTime('end_time'),
  /** Whether batches of flagged racers (bots) count toward their team; FALSE when absent. */
  showbot: ShowBot.optional(),
});
export type TeamLeaderboardQuery = z.input<typeof TeamLeaderboardQuery>;

export const IndividualLeaderboardQuery = z.object({
  start_time: ApiTime('start_time'),
  end_time: ApiTime('end_time'),
});
export type IndividualLeaderboardQuery = z.input<typeof IndividualLeaderboardQuery>;

/** One team: all batches of racers while on that team (batches.tag). */
export const TeamLeaderboardRow = z.object({
  TeamTag: z.string(),
  Races: z.number(),
  /** Fraction 0–1; null when nothing was typed. */
  Accuracy: z.number().nullable(),
  WPM: z.number().nullable(),
  Points: z.number(),
});
export type TeamLeaderboardRow = z.infer<typeof TeamLeaderboardRow>;

/** One racer: all their batches in the window, with their current display name and team. */
export const IndividualLeaderboardRow = z.object({
  UserID: z.number(),
  Username: z.string(),
  CurrentDisplayName: z.string(),
  /** The team the racer is on now; null when on no tracked team. */
  TeamTag: z.string().nullable(),
  /** 1 when an admin flagged the racer as a bot. */
  bot: z.union([z.literal(0), z.literal(1)]),
  Races: z.number(),
  Accuracy: z.number().nullable(),
  WPM: z.number().nullable(),
  Points: z.number(),
});
export type IndividualLeaderboardRow = z.infer<typeof IndividualLeaderboardRow>;

/** Rows come sorted by Points, highest first. */
export const TeamLeaderboardResponse = z.array(TeamLeaderboardRow);
export type TeamLeaderboardResponse = z.infer<typeof TeamLeaderboardResponse>;
export const IndividualLeaderboardResponse = z.array(IndividualLeaderboardRow);
export type IndividualLeaderboardResponse = z.infer<typeof IndividualLeaderboardResponse>;

export const teamLeaderboard = endpoint({
  method: 'GET',
  path: '/api/team-leaderboard',
  query: TeamLeaderboardQuery,
  ok: TeamLeaderboardResponse,
  errors: errorAnswers(400),
  tags: ['leaderboards'],
});

export const individualLeaderboard = endpoint({
  method: 'GET',
  path: '/api/individual-leaderboard',
  query: IndividualLeaderboardQuery,
  ok: IndividualLeaderboardResponse,
  errors: errorAnswers(400),
  tags: ['leaderboards'],
});
