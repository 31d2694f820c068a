/** GET /api/health: what an uptime monitor checks (database, migrations, collector, version). */
import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** A tracked team whose newest answer from the game could not be used (since its last successful poll). */
export const FailingTeam = z.object({
  tag: z.string(),
  /** The first failure after the team's last successful poll (ISO 8601). */
  failingSince: z.string(),
  /** The newest failure (ISO 8601). */
  lastFailedAt: z.string(),
  /** The newest failure in words, e.g. "The game answered 404: no such team". */
  lastError: z.string(),
  /** The team's last successful poll (ISO 8601), null when it never collected. */
  lastSuccessfulPollAt: z.string().nullable(),
});
export type FailingTeam = z.infer<typeof FailingTeam>;

export const HealthResponse = z.object({
  /**
   * `ok` with HTTP 200; `unavailable` with HTTP 503 when the database cannot serve the app;
   * `starting` with HTTP 503 while the server starts (the app's build, migrations, the demo's first
   * backfill: server/http/starting-server.mjs answers then, with `database.reachable` false).
   */
  status: z.enum(['ok', 'unavailable', 'starting']),
  /** package.json version of the running server. */
  version: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    /** Round trip of `SELECT 1`, null when it failed. */
    latencyMs: z.number().nullable(),
  }),
  migrations: z.object({
    /** Every migration this server ships is applied. */
    current: z.boolean(),
    /** Shipped but not applied yet (null when the database could not be asked). */
    pending: z.array(z.string()).nullable(),
  }),
  /** When the last collector run that polled at least one team finished (ISO 8601), null before. */
  lastSuccessfulPollAt: z.string().nullable(),
  /** Seconds since then, null before the first. */
  lastSuccessfulPollAgeSeconds: z.number().nullable(),
  /**
   * Tracked teams the collector cannot read now, by tag (null when the database could not be
   * asked). They leave `status` at `ok`: the site still serves what it has.
   */
  failingTeams: z.array(FailingTeam).nullable(),
  /** When this answer was computed (ISO 8601). */
  checkedAt: z.string(),
  /** Why the status is not `ok`. */
  error: z.string().optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** 200 with status `ok`, 503 with the same shape and status `unavailable`. */
export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  cache: 'none',
  ok: HealthResponse,
  errors: { 503: HealthResponse },
  tags: ['operations'],
  summary: 'Health for uptime monitors: database, migrations, last successful poll, failing teams, version',
});
