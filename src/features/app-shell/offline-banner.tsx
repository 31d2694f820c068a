/** "You're offline — showing data from <time>": the newest data any screen has in the cache. */
import { useQueryClient } from '@tanstack/react-query';
import { formatCT } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { OfflineIcon } from '../../ui/icons';

export function OfflineBanner() {
  const online = useOnline();
  const queryClient = useQueryClient();
  if (online) return null;
  const newest = Math.max(0, ...queryClient.getQueryCache().getAll().map((q) => q.state.dataUpdatedAt));
  return (
    <div className="banner banner-offline" role="status">
      <OfflineIcon />
      <span>
        You're offline — {newest > 0 ? <>showing data from {formatCT(newest)}</> : 'no saved data yet'}.
        <span className="banner-extra"> Changes need a connection.</span>
      </span>
    </div>
  );
}
