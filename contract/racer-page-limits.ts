/**
 * The racer pages' limits, without zod: the app imports them, and zod in the app's code would probe
 * for eval, which the page's CSP refuses (a console error on every racer page).
 */

/** The longest head-to-head range, in days (both ends counted). */
export const COMPARE_MAX_DAYS = 366;
/** Fewest team races in a batch for its WPM to count as a best. */
export const FASTEST_BATCH_MIN_RACES = 5;
/** Fewest team races in a day for its accuracy to count as a best. */
export const BEST_ACCURACY_MIN_RACES = 50;
