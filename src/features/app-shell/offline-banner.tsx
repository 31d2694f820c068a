/**
 * "You're offline — showing data from <time>", or "The server is not answering — showing data
 * from <time>" when the network works but the server does not (lib/online.ts): the oldest data
 * the screen shows (the queries it watches, lib/oldest-on-screen.ts), not the newest in the cache
 * nor the moment the connection dropped.
 */
import { formatAge, formatCT } from '../../lib/format';
import { useOfflineReason, useOnline } from '../../lib/online';
import { OfflineIcon } from '../../ui/icons';
import { useMinuteClock } from '../../lib/use-minute-clock';
import { useOldestOnScreen } from '../../lib/oldest-on-screen';

export function OfflineBanner() {
  return useOnline() ? null : <OfflineBannerText />;
}

/** Mounted only offline: watching the query cache costs a pass over it on every change. */
function OfflineBannerText() {
  const oldest = useOldestOnScreen();
  const now = useMinuteClock();
  const serverDown = useOfflineReason() === 'server';
  return (
    <div className="banner banner-offline" role="status">
      <OfflineIcon />
      <span>
        {serverDown ? 'The server is not answering' : "You're offline"} —{' '}
        {oldest > 0 ? (
          <>
            showing data from {formatCT(oldest)} ({formatAge(oldest, now.getTime())})
          </>
        ) : (
          'no saved data yet'
        )}
        .
        <span className="banner-extra">
          {' '}
          {serverDown ? 'Changes wait for the server.' : 'Changes need a connection.'}
        </span>
      </span>
    </div>
  );
}
