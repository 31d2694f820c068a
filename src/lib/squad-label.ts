/** The squad name a racer is shown under: the team's custom name for the squad, else the squad. */

/** '' when the racer has no squad (callers show that as missing or "Unassigned"). */
export function squadLabel(squad: string | null | undefined, customName: string | null | undefined): string {
  return squad ? customName?.trim() || squad : '';
}
