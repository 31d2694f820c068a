/** The event form's Team Tag(s) field, without zod: the staff dialogs import it (see racer-page-limits.ts). */

/** Splits the Team Tag(s) field: space- or comma-separated, upper-cased, duplicates dropped. */
export function splitEventTags(s: string): string[] {
  return [
    ...new Set(
      s
        .split(/[\s,]+/)
        .map((t) => t.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}
