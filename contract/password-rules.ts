/**
 * What a new staff password must be: at least 12 characters, not counting spaces at either end.
 * Shared by the user schemas, the user dialog and the ADMIN_PASSWORD check at start-up; free of
 * zod so the app can import it without the schema library.
 */
export const MIN_PASSWORD_LENGTH = 12;

/** Null when `password` may be set, else the reason. */
export function passwordProblem(password: string): string | null {
  if ([...password.trim()].length < MIN_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return null;
}
