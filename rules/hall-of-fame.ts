/** The Hall of Fame's and the free agents' constants (docs/product.md §7 and §6), shared by the server and the app. */

/** The kinds of closed period the Hall of Fame lists: site days, Sunday-to-Saturday weeks, months. */
export const HALL_PERIODS = ['day', 'week', 'month'] as const;
export type HallPeriodKind = (typeof HALL_PERIODS)[number];

/** Closed periods per page, newest first. */
export const HALL_PAGE_SIZE: Record<HallPeriodKind, number> = { day: 30, week: 26, month: 12 };

/** The best daily WPM counts only days with at least this many races. */
export const HALL_WPM_MIN_RACES = 25;

/** A racer who left a tracked team within this many days, and is on none now, is a free agent. */
export const FREE_AGENT_DAYS = 14;
/** A free agent's recent form: this many site days, today included. */
export const FREE_AGENT_FORM_DAYS = 7;
