/**
 * The team's weekly requirement check shown on the roster: does a member's race count over the
 * last 7 days reach the number of races the team asks for each week?
 */

/** Whether the team sets a requirement at all (the spec shows 0 or empty as N/A). */
export function hasWeeklyRequirement(requirement: number | null | undefined): requirement is number {
  return typeof requirement === 'number' && Number.isFinite(requirement) && requirement > 0;
}

/** true / false against the requirement; null when the team sets none. */
export function meetsWeeklyRequirement(races: number, requirement: number | null | undefined): boolean | null {
  return hasWeeklyRequirement(requirement) ? races >= requirement : null;
}
