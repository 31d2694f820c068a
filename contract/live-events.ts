/**
 * The names and payload of GET /api/live's server-sent events, without zod, so the app's main
 * bundle can import them (the schemas are in contract/live.ts).
 */
export const LIVE_PATH = '/api/live';
/** The SSE event name that carries a `LiveVersion`. */
export const LIVE_VERSION_EVENT = 'version';

/**
 * Set on an answer from an older data version, sent while the current one was being computed
 * (server/http/response-cache.ts): the app asks again a moment later (src/lib/live-updates.ts).
 */
export const OLDER_ANSWER_HEADER = 'X-Older-Answer';

export interface LiveVersion {
  version: number;
}
