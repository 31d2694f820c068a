/**
 * Staff data (every `['staff', …]` query, the teamadmin's team too) leaves the query cache,
 * and so the persisted copy in IndexedDB, whenever the session ends: Logout, a 401 from any call
 * (an expired session), /api/me answering logged out, or a logout in another tab of this browser.
 */
import type { MeResponse } from '../../contract/auth';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { onUnauthorized } from '../api/client';
import { LOGGED_OUT } from '../api/session';
import { keys } from '../api/keys';

const CHANNEL_NAME = 'nt-team-stats:session';

/** Whether a query holds data only a logged-in staff member may keep. */
export function isSessionData(queryKey: QueryKey): boolean {
  return queryKey[0] === keys.staff[0];
}

/** Whether the cached login state says someone is logged in. */
export function isLoggedIn(queryClient: QueryClient): boolean {
  return queryClient.getQueryData<MeResponse>(keys.me)?.logged_in === true;
}

function hasSessionData(queryClient: QueryClient): boolean {
  return queryClient.getQueryCache().findAll({ predicate: (q) => isSessionData(q.queryKey) }).length > 0;
}

/** Drops the staff data and marks this tab logged out. */
export function clearSessionData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => isSessionData(q.queryKey) });
  if (isLoggedIn(queryClient)) queryClient.setQueryData(keys.me, LOGGED_OUT);
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}

/** The session is over in this tab: clear it here and tell the other tabs. */
export function endSession(queryClient: QueryClient): void {
  clearSessionData(queryClient);
  const channel = openChannel();
  channel?.postMessage('ended');
  channel?.close();
}

/** Listens for every way a session can end; returns the cleanup. */
export function watchSession(queryClient: QueryClient): () => void {
  const stopUnauthorized = onUnauthorized(() => {
    endSession(queryClient);
    void queryClient.invalidateQueries({ queryKey: keys.me });
  });
  const stopCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== keys.me[0]) return;
    const me = event.query.state.data as MeResponse | undefined;
    if (me && !me.logged_in && hasSessionData(queryClient)) clearSessionData(queryClient);
  });
  const channel = openChannel();
  if (channel) {
    channel.onmessage = () => {
      clearSessionData(queryClient);
      void queryClient.invalidateQueries({ queryKey: keys.me });
    };
  }
  return () => {
    stopUnauthorized();
    stopCache();
    channel?.close();
  };
}
