/** The racer pages' error text for a failed read. */
import { ApiError } from '../../api/client';

/**
 * docs/product.md §8: the server's error text when it answered one (unknown racer), else the fixed failure
 * text ("Failed to fetch racer info", "Failed to fetch batch data").
 */
export function racerErrorText(error: unknown, failure: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return failure;
}
