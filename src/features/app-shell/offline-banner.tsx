/**
 * "You're offline — showing data from <time>"; "The server is not answering — …" when the network
 * works but the server does not; "Can't reach the server — …" when the browser is online and
 * nothing of the site answers (lib/online.ts). The time is the oldest data the screen shows (the
 * queries it watches, lib/oldest-on-screen.ts), not the newest in the cache nor the moment the
 * connection dropped.
 */
import { formatAge, formatCT } from '../../lib/format';
import { OFFLINE_LEAD, useOfflineReason, useOnline } from '../../lib/online';
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
  const reason = useOfflineReason();
  return (
    <div className="banner banner-offline" role="status">
      <OfflineIcon />
      <span>
        {OFFLINE_LEAD[reason]} —{' '}
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
          {reason === 'network' ? 'Changes need a connection.' : 'Changes wait for the server.'}
        </span>
      </span>
    </div>
  );
}
