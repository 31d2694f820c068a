/**
 * The team's weekly races requirement: one verdict, used by the roster, the Health view, strikes,
 * the at-risk post and the push alike (docs/product.md "Weekly requirement and strikes"). A week
 * is the site-zone Sunday to Saturday; a member who joined during it owes a share of it.
 */
import { addDayKeys, weekStartOf, type DayKey } from './site-time.js';

export const DAYS_IN_WEEK = 7;
/** How many weeks a strike counts when the team has not chosen (captains choose 1 to 52). */
export const DEFAULT_STRIKE_WEEKS = 4;
export const MIN_STRIKE_WEEKS = 1;
export const MAX_STRIKE_WEEKS = 52;

/** Whether the team sets a requirement at all (the spec shows 0 or empty as N/A). */
export function hasWeeklyRequirement(requirement: number | null | undefined): requirement is number {
  return typeof requirement === 'number' && Number.isFinite(requirement) && requirement > 0;
}

/**
 * The requirement that applies: the staff's override when set (0 turns the requirement off), else
 * the game's team info; null when neither sets one.
 */
export function effectiveRequirement(
  game: number | null | undefined,
  override: number | null | undefined,
): number | null {
  const value = override ?? game;
  return hasWeeklyRequirement(value) ? Math.floor(value) : null;
}

/**
 * Days of the week starting `weekStart` (a Sunday) on which a member who joined on `joinDay`
 * belonged to the team, counting the join day: 7 when they joined before the week (or the day is
 * unknown), 5 when they joined on its Tuesday, 0 when they joined after it.
 */
export function memberDays(weekStart: DayKey, joinDay: DayKey | null): number {
  if (joinDay === null || joinDay <= weekStart) return DAYS_IN_WEEK;
  const weekEnd = addDayKeys(weekStart, DAYS_IN_WEEK);
  if (joinDay >= weekEnd) return 0;
  for (let d = 1; d < DAYS_IN_WEEK; d++) if (addDayKeys(weekStart, d) === joinDay) return DAYS_IN_WEEK - d;
  return 0;
}

/**
 * The races a member owes for a week: requirement × member days / 7, rounded down to whole races
 * (100 a week, joined on the Tuesday: 100 × 5 / 7 = 71.43 → 71). Null when the team sets no
 * requirement or the member was not on the team that week.
 */
export function proRatedRequirement(requirement: number | null, days: number): number | null {
  if (!hasWeeklyRequirement(requirement) || days <= 0) return null;
  return Math.floor((requirement * Math.min(days, DAYS_IN_WEEK)) / DAYS_IN_WEEK);
}

/** Met (true) or short (false) of what is owed; null when nothing is owed. */
export function meetsWeeklyRequirement(races: number, owed: number | null | undefined): boolean | null {
  return typeof owed === 'number' && owed > 0 ? races >= owed : null;
}

/** One member's verdict for a named week. */
export interface WeekVerdict {
  /** The Sunday (YYYY-MM-DD) starting the week judged. */
  week: DayKey;
  /** Races owed that week (pro rata), null when nothing is owed. */
  owed: number | null;
  races: number;
  met: boolean | null;
}

/** The weekly-requirement verdict of one member for the week starting `week`. */
export function weekVerdict(
  week: DayKey,
  requirement: number | null,
  joinDay: DayKey | null,
  races: number,
): WeekVerdict {
  const owed = proRatedRequirement(requirement, memberDays(week, joinDay));
  return { week, owed, races, met: meetsWeeklyRequirement(races, owed) };
}

/** The week a verdict judges: the last complete week before the one holding `today`. */
export function judgedWeekOf(today: DayKey): DayKey {
  return addDayKeys(weekStartOf(today), -DAYS_IN_WEEK);
}

/**
 * Whether a strike given for the week starting `week` still counts in the week starting
 * `currentWeek`: it counts for the `strikeWeeks` weeks after the one it judges (4: a strike for
 * the week of 22 Nov counts through the week of 20 Dec and has expired on 27 Dec).
 */
export function strikeActive(week: DayKey, currentWeek: DayKey, strikeWeeks: number): boolean {
  return currentWeek > week && currentWeek <= addDayKeys(week, DAYS_IN_WEEK * strikeWeeks);
}

/** The Sunday ending a strike's count (the first week it no longer counts). */
export function strikeExpiresOn(week: DayKey, strikeWeeks: number): DayKey {
  return addDayKeys(week, DAYS_IN_WEEK * (strikeWeeks + 1));
}

/** "week of Sun 22 Nov" for a week's Sunday. */
export function weekLabel(week: DayKey): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `week of Sun ${+week.slice(8, 10)} ${months[+week.slice(5, 7) - 1]}`;
}
