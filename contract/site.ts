/** GET /api/site: what the app needs to know about this installation. */
import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const SiteResponse = z.object({
  timezone: z.string(),
  chatUrl: z.string().nullable(),
  /** When the last collector run finished (ISO 8601), null before the first. */
  lastPollAt: z.string().nullable(),
  demo: z.boolean(),
});
export type SiteResponse = z.infer<typeof SiteResponse>;

export const site = endpoint({ method: 'GET', path: '/api/site', cache: 'data', ok: SiteResponse, tags: ['site'] });
