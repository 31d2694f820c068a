/** The text a failed write shows: the server's `error` when it sent one, else the screen's own. */
import { ApiError } from './client';

/** True when the server answered with its own `error` text (not a network failure, not non-JSON). */
export function hasServerText(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status > 0 && !/^Request failed \(\d+\)$/.test(err.message);
}

export function errorText(err: unknown, fallback: string): string {
  return hasServerText(err) ? err.message : fallback;
}
