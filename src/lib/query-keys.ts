/**
 * Query keys that one feature reads and another one refreshes after a staff write. Features may
 * not import each other, so the keys live here; the owning feature's query options use the same
 * key (query-keys.test.ts checks that they still match).
 */

/** GET /api/current-display-names?tag: the roster (features/roster). */
export const rosterQueryKey = (tag: string) => ['current-display-names', { tag }] as const;

/** GET /api/roster-health?tag: the Health view (features/roster), which shows the bot marker too. */
export const rosterHealthQueryKey = (tag: string) => ['roster-health', { tag }] as const;

/** GET /api/team-events?tag: the team's events list (features/events). */
export const teamEventsQueryKey = (tag: string) => ['team-events', { tag }] as const;

/** First parts of the leaderboard keys (features/leaderboards); every board of each kind. */
export const LEADERBOARD_QUERY_ROOTS = ['team-leaderboard', 'individual-leaderboard'] as const;

/** The event viewer's per-event keys (features/event-viewer) start with this. */
export const EVENT_VIEWER_KEY_PREFIX = 'event-';

/** Lists of racers with the bot marker besides roster and leaderboards: trackers and event participants. */
export const PARTICIPANTS_KEY_SUFFIX = '-participants';

/** GET /api/admin/bot-flags: the flagged racers on /admin (features/admin-users). */
export const BOT_FLAGS_QUERY_KEY = ['staff', 'bot-flags'] as const;
