/** "Data as of 1:07 PM CT": when the collector last finished a poll (GET /api/site lastPollAt). */
import { useQuery } from '@tanstack/react-query';
import { dayKeyOf } from '../../../rules/site-time';
import { formatCT } from '../../lib/format';
import { useOnline } from '../../lib/online';
import { siteQueryOptions } from '../../api/session';

export function DataAsOf({ now, tz }: { now: Date; tz: string }) {
  const { data } = useQuery(siteQueryOptions());
  const online = useOnline();
  if (!data?.lastPollAt) return null;
  const at = new Date(data.lastPollAt);
  const sameDay = dayKeyOf(at, tz) === dayKeyOf(now, tz);
  return (
    // Offline the dot is grey: this is when the data was fresh, not a live status.
    <p className={online ? 'data-as-of' : 'data-as-of data-as-of-offline'}>
      <span className="data-as-of-dot" aria-hidden="true" />
      Data as of <time dateTime={data.lastPollAt}>{formatCT(at, sameDay ? 'h:mm a' : 'MMM d, h:mm a', tz)}</time>
    </p>
  );
}
