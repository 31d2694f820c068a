/**
 * The names and payload of GET /api/live's server-sent events, without zod, so the app's main
 * bundle can import them (the schemas are in contract/live.ts).
 */
export const LIVE_PATH = '/api/live';
/** The SSE event name that carries a `LiveVersion`. */
export const LIVE_VERSION_EVENT = 'version';

export interface LiveVersion {
  version: number;
}
