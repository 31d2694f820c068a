/**
 * GET /api/live: a server-sent-events stream of the data version. One `version` event on connect
 * and one after every change visitors can see (collector poll, staff write), from any process on
 * the same database; a comment line every ~25 s keeps proxies from closing it.
 */
import { z } from 'zod';

export const LIVE_PATH = '/api/live';
/** The SSE event name that carries a `LiveVersion`. */
export const LIVE_VERSION_EVENT = 'version';

export const LiveVersion = z.object({ version: z.number().int().nonnegative() });
export type LiveVersion = z.infer<typeof LiveVersion>;

/** The stream takes no parameters; unknown ones are ignored (EventSource sends none). */
export const LiveQuery = z.object({});
