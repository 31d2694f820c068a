/**
 * GET /api/live: a server-sent-events stream of the live version (the data version at the last
 * whole change). One `version` event on connect and one after every change visitors can see (a
 * collector run once it has ended, however many teams it wrote; a staff write), from any process on
 * the same database; a comment line every ~25 s keeps proxies from closing it. At most 8 streams
 * per client address (429 with Retry-After beyond).
 */
import { z } from 'zod';
import { ErrorResponse } from './common.js';
import { endpoint } from './endpoint.js';
import type { LiveVersion as LiveVersionShape } from './live-events.js';

export { LIVE_PATH, LIVE_VERSION_EVENT } from './live-events.js';

export const LiveVersion: z.ZodType<LiveVersionShape> = z.object({ version: z.number().int().nonnegative() });

/** The stream takes no parameters; unknown ones are ignored (EventSource sends none). */
export const LiveQuery = z.object({});

/** Answers a stream (`text/event-stream`), not JSON: read it with an EventSource. */
export const liveUpdates = endpoint({
  method: 'GET',
  path: '/api/live',
  cache: 'none',
  query: LiveQuery,
  ok: z.string().describe('text/event-stream: `event: version` with data `{"version": n}`'),
  // 429: this address holds its 8 streams already; 503: the server holds as many as it keeps.
  errors: { 429: ErrorResponse, 503: ErrorResponse },
  tags: ['site'],
  summary: 'Server-sent events: the data version on connect and after every change, a comment every 25 s',
});
