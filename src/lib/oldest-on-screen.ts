/**
 * How old the data on screen is, for the offline banner ("showing data from <time>": the oldest
 * data the screen shows, from the queries it watches) and for a section's own offline note, which
 * only speaks when its data is from another time than the banner says.
 */
import { useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { keys } from '../api/keys';
import { formatCT } from './format';

/** Login state is not data on screen. */
const NOT_SCREEN_DATA: readonly unknown[] = [keys.me[0]];

/** The oldest dataUpdatedAt among queries with data that something on screen watches; 0 for none. */
export function oldestOnScreen(queryClient: QueryClient): number {
  let oldest = 0;
  for (const q of queryClient.getQueryCache().getAll()) {
    if (q.getObserversCount() === 0 || q.state.data === undefined || NOT_SCREEN_DATA.includes(q.queryKey[0])) continue;
    if (q.state.dataUpdatedAt > 0 && (oldest === 0 || q.state.dataUpdatedAt < oldest)) oldest = q.state.dataUpdatedAt;
  }
  return oldest;
}

export function useOldestOnScreen(): number {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => oldestOnScreen(queryClient),
    () => 0,
  );
}

/** Whether a section's data time would read differently from the banner's (same minute: it would not). */
export function differsFromBanner(updatedAt: number, oldest: number): boolean {
  return oldest === 0 || formatCT(updatedAt) !== formatCT(oldest);
}
