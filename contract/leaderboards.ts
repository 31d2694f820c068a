/**
 * GET /api/team-leaderboard and GET /api/individual-leaderboard (docs/product.md §7).
 *
 * `start_time` and `end_time` are `YYYY-MM-DD HH:MM:SS` in the site time zone (ISO 8601 with an
 * offset is accepted too); `end_time` is inclusive to the second, so a batch counts when
 * start_time ≤ batch end time < end_time + 1 s. At most 366 days.
 *
 * Every row carries `Rank`, the standing by Points (then name, code-unit order) among the rows the
 * board counts, and `PreviousRank`, the same standing in the window of the same length just before.
 * The individual board also answers pages ranked by the server (`page` present) and the standing
 * of one racer with their neighbours (GET /api/individual-leaderboard/rank).
 */
import { z } from 'zod';
import { errorAnswers, TeamTag } from './common.js';
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

/** The columns a page of the individual board may be sorted by. */
export const INDIVIDUAL_SORT_KEYS = [
  'Points',
  'Races',
  'WPM',
  'Accuracy',
  'CurrentDisplayName',
  'Username',
  'TeamTag',
] as const;
export const IndividualSortKey = z.enum(INDIVIDUAL_SORT_KEYS, {
  error: `sort must be one of ${INDIVIDUAL_SORT_KEYS.join(', ')}`,
});
export type IndividualSortKey = z.infer<typeof IndividualSortKey>;

export const SortDirection = z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' });
export type SortDirection = z.infer<typeof SortDirection>;

export const PAGE_SIZE_MIN = 10;
export const PAGE_SIZE_MAX = 200;
export const DEFAULT_PAGE_SIZE = 50;

/** A whole number from the query string, within [min, max]. */
const QueryInt = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

/**
 * The spec's `start_time` and `end_time`; with `page` the answer is one page ranked by the server
 * (`IndividualLeaderboardPage`), without it the spec's whole list (`IndividualLeaderboardResponse`,
 * every racer, bots included, sorted by Points: `sort`, `dir` and `team` only shape pages).
 * `showbot` chooses whether flagged racers count: rows and `Rank` of a page, `Rank` of the whole list.
 */
export const IndividualLeaderboardQuery = z.object({
  start_time: ApiTime('start_time'),
  end_time: ApiTime('end_time'),
  /** From 1; a page past the last one answers no rows. */
  page: QueryInt('page', 1, 1_000_000).optional(),
  /** 10-200, 50 when absent. */
  pageSize: QueryInt('pageSize', PAGE_SIZE_MIN, PAGE_SIZE_MAX).optional(),
  /**
   * Points when absent. Text compares lower-cased, in code-unit order; missing values (no WPM,
   * no team) go last either way; ties keep the standing (`Rank`) order.
   */
  sort: IndividualSortKey.optional(),
  /** desc when absent. */
  dir: SortDirection.optional(),
  showbot: ShowBot.optional(),
  /** Only the racers now on this team; their `Rank` stays their standing on the whole board. */
  team: TeamTag.optional(),
});
export type IndividualLeaderboardQuery = z.input<typeof IndividualLeaderboardQuery>;

/** GET /api/individual-leaderboard/rank: one racer's standing, page and neighbours. */
export const IndividualRankQuery = z.object({
  start_time: ApiTime('start_time'),
  end_time: ApiTime('end_time'),
  /** The racer's game username (any letter case). */
  username: z
    .string({ error: 'username is required' })
    .trim()
    .min(1, 'username is required')
    .max(64, 'username is too long'),
  showbot: ShowBot.optional(),
  /** Rows above and below the racer: 0-10, 2 when absent. */
  radius: QueryInt('radius', 0, 10).optional(),
});
export type IndividualRankQuery = z.input<typeof IndividualRankQuery>;

/** The standing by Points among the rows the board counts (1 = first); null when not counted. */
const Rank = z.number().int().positive().nullable();

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

/** A team board row as answered: with the team's place now (never null) and in the previous window. */
export const RankedTeamLeaderboardRow = TeamLeaderboardRow.extend({
  Rank,
  /** Its place in the window of the same length just before; null when it had no races there. */
  PreviousRank: Rank,
});
export type RankedTeamLeaderboardRow = z.infer<typeof RankedTeamLeaderboardRow>;

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

/** An individual board row as answered: with the racer's standing now and in the previous window. */
export const RankedIndividualLeaderboardRow = IndividualLeaderboardRow.extend({
  /**
   * The racer's place among the racers the board counts: flagged racers count only with
   * showbot=TRUE (otherwise their rows in the whole list have null); a `team` filter changes no Rank.
   */
  Rank,
  /** The same standing in the window of the same length just before; null when absent there. */
  PreviousRank: Rank,
});
export type RankedIndividualLeaderboardRow = z.infer<typeof RankedIndividualLeaderboardRow>;

/** Rows come sorted by Points, highest first. */
export const TeamLeaderboardResponse = z.array(RankedTeamLeaderboardRow);
export type TeamLeaderboardResponse = z.infer<typeof TeamLeaderboardResponse>;
export const IndividualLeaderboardResponse = z.array(RankedIndividualLeaderboardRow);
export type IndividualLeaderboardResponse = z.infer<typeof IndividualLeaderboardResponse>;

/** One page of the individual board, ranked and sorted by the server. */
export const IndividualLeaderboardPage = z.object({
  rows: z.array(RankedIndividualLeaderboardRow),
  /** Rows on the board (after `showbot` and `team`). */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** ceil(total / pageSize); 0 for an empty board. */
  pages: z.number().int().nonnegative(),
  /** The end time of the newest stored batch (ISO 8601): how fresh the data is; null when none. */
  asOf: z.string().nullable(),
});
export type IndividualLeaderboardPage = z.infer<typeof IndividualLeaderboardPage>;

/** The whole list (no `page`) or one page. */
export const IndividualLeaderboardAnswer = z.union([IndividualLeaderboardResponse, IndividualLeaderboardPage]);
export type IndividualLeaderboardAnswer = z.infer<typeof IndividualLeaderboardAnswer>;

/** The rank call's page size: the board's default. */
export const RANK_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export const IndividualRankResponse = z.object({
  /** The racer's row (Rank never null here). */
  row: RankedIndividualLeaderboardRow,
  /** The page holding the row under the default sort (Points desc) and pageSize 50. */
  page: z.number().int().positive(),
  /** Racers on the board. */
  total: z.number().int().positive(),
  /** Percent of the board ranked below the racer (0-100, rounded down to 0.1): (total - Rank) / total. */
  percentile: z.number(),
  /** The rows from Rank - radius to Rank + radius that exist, the racer's own included, in Rank order. */
  neighbours: z.array(RankedIndividualLeaderboardRow),
});
export type IndividualRankResponse = z.infer<typeof IndividualRankResponse>;

export const teamLeaderboard = endpoint({
  method: 'GET',
  path: '/api/team-leaderboard',
  cache: 'data',
  query: TeamLeaderboardQuery,
  ok: TeamLeaderboardResponse,
  errors: errorAnswers(400),
  tags: ['leaderboards'],
});

export const individualLeaderboard = endpoint({
  method: 'GET',
  path: '/api/individual-leaderboard',
  cache: 'data',
  query: IndividualLeaderboardQuery,
  ok: IndividualLeaderboardAnswer,
  errors: errorAnswers(400),
  tags: ['leaderboards'],
});

export const individualRank = endpoint({
  method: 'GET',
  path: '/api/individual-leaderboard/rank',
  cache: 'data',
  query: IndividualRankQuery,
  ok: IndividualRankResponse,
  /** 404: the racer has no races in the window (or is flagged and showbot is not TRUE). */
  errors: errorAnswers(400, 404),
  tags: ['leaderboards'],
});
