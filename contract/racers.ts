/**
 * GET /api/all-usernames, GET /api/racer-info?username, GET /api/racer-batches?username.
 *
 * racer-batches answers the spec's `{ batches }` rows by default. With `format=columns` it answers
 * the same history as parallel arrays (a year of 10-minute batches is ~50,000 rows): times as Unix
 * seconds, display names and tags as indexes into small dictionaries, and the raw counters, from
 * which the app computes WPM and accuracy with the shared stats math. About a fifth of the bytes,
 * and it is the shape the chart needs anyway.
 */
import { z } from 'zod';
import { GameStatus, errorAnswers } from './common.js';
import { endpoint } from './endpoint.js';

export const UsernameQuery = z.object({
  username: z.string().trim().min(1, 'username is required').max(100, 'username is too long'),
});

export const AllUsernamesResponse = z.object({ usernames: z.array(z.string()) });
export type AllUsernamesResponse = z.infer<typeof AllUsernamesResponse>;

/** docs/product.md §3 Racer info: the racer's latest counters on their current (else last) team. */
export const RacerInfo = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  userID: z.number(),
  teamTag: z.string().nullable(),
  role: z.string().nullable(),
  /** Lifetime races. */
  racesPlayed: z.number().nullable(),
  /** Team races. */
  played: z.number().nullable(),
  avgSpeed: z.number().nullable(),
  highestSpeed: z.number().nullable(),
  /** When the racer joined the team, ISO 8601. */
  joinStamp: z.string().nullable(),
  /** 1 when an admin flagged the racer as a bot (as in the roster's rows). */
  bot: z.union([z.literal(0), z.literal(1)]),
  /** The game's 'banned' or 'warned' for the account (as last seen), null in good standing. */
  gameStatus: GameStatus,
});
export type RacerInfo = z.infer<typeof RacerInfo>;

/** docs/product.md §3 Batch record. */
export const BatchRecord = z.object({
  /** `YYYY-MM-DD HH:MM:SS` in the site time zone. */
  batchEndTime: z.string(),
  CurrentDisplayName: z.string().nullable(),
  teamTag: z.string(),
  /** Team races in the batch. */
  sum: z.number(),
  WPM: z.number().nullable(),
  /** Fraction 0-1. */
  Accuracy: z.number().nullable(),
  /** Lifetime races in the batch. */
  racesPlayedBatch: z.number(),
});
export type BatchRecord = z.infer<typeof BatchRecord>;

export const RacerBatchesResponse = z.object({ batches: z.array(BatchRecord) });
export type RacerBatchesResponse = z.infer<typeof RacerBatchesResponse>;

/** The whole history as parallel arrays, oldest first; index i of every array is one batch. */
export const BatchColumns = z.object({
  /** Batch end instants, Unix seconds. */
  endTime: z.array(z.number()),
  /** Index into `displayNames`, -1 when the game gave no display name. */
  name: z.array(z.number()),
  displayNames: z.array(z.string()),
  /** Index into `teamTags`. */
  tag: z.array(z.number()),
  teamTags: z.array(z.string()),
  /** Team races (the spec's `sum`). */
  races: z.array(z.number()),
  /** Lifetime races (the spec's `racesPlayedBatch`). */
  lifetimeRaces: z.array(z.number()),
  typed: z.array(z.number()),
  errs: z.array(z.number()),
  secs: z.array(z.number()),
});
export type BatchColumns = z.infer<typeof BatchColumns>;

export const RacerBatchColumnsResponse = z.object({ columns: BatchColumns });
export type RacerBatchColumnsResponse = z.infer<typeof RacerBatchColumnsResponse>;

export const RacerBatchesQuery = UsernameQuery.extend({
  format: z.enum(['rows', 'columns']).default('rows'),
});

export const allUsernames = endpoint({
  method: 'GET',
  path: '/api/all-usernames',
  cache: 'data',
  ok: AllUsernamesResponse,
  tags: ['racers'],
});

export const racerInfo = endpoint({
  method: 'GET',
  path: '/api/racer-info',
  cache: 'data',
  query: UsernameQuery,
  ok: RacerInfo,
  errors: errorAnswers(404),
  tags: ['racers'],
});

/** `format=rows` (default) answers `{ batches }`, `format=columns` answers `{ columns }`. */
export const racerBatches = endpoint({
  method: 'GET',
  path: '/api/racer-batches',
  cache: 'data',
  query: RacerBatchesQuery,
  ok: z.union([RacerBatchesResponse, RacerBatchColumnsResponse]),
  errors: errorAnswers(404),
  tags: ['racers'],
});
