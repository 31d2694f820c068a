/**
 * "You're offline — showing data from <time>": the oldest data the screen shows (the queries it
 * watches), not the newest in the cache nor the moment the connection dropped.
 */
import { useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatAge, formatCT } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { OfflineIcon } from '../../ui/icons';
import { keys } from '../../api/keys';
import { useMinuteClock } from '../../lib/use-minute-clock';

/** Login state is not data on screen. */
const NOT_SCREEN_DATA: readonly unknown[] = [keys.me[0]];

function oldestOnScreen(queryClient: QueryClient): number {
  let oldest = 0;
  for (const q of queryClient.getQueryCache().getAll()) {
    if (q.getObserversCount() === 0 || q.state.data === undefined || NOT_SCREEN_DATA.includes(q.queryKey[0])) continue;
    if (q.state.dataUpdatedAt > 0 && (oldest === 0 || q.state.dataUpdatedAt < oldest)) oldest = q.state.dataUpdatedAt;
  }
  return oldest;
}

function useOldestOnScreen(): number {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => oldestOnScreen(queryClient),
    () => 0,
  );
}

export function OfflineBanner() {
  const online = useOnline();
  const oldest = useOldestOnScreen();
  const now = useMinuteClock();
  if (online) return null;
  return (
    <div className="banner banner-offline" role="status">
      <OfflineIcon />
      <span>
        You're offline —{' '}
        {oldest > 0 ? (
          <>
            showing data from {formatCT(oldest)} ({formatAge(oldest, now.getTime())})
          </>
        ) : (
          'no saved data yet'
        )}
        .<span className="banner-extra"> Changes need a connection.</span>
      </span>
    </div>
  );
}
