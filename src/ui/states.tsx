/** The loading, error, empty and offline states every screen shows. */
import type { ReactNode } from 'react';
import { formatAge, formatCT } from '../lib/format';
import { useOnline } from '../lib/online';
import { useMinuteClock } from '../lib/use-minute-clock';
import { differsFromBanner, useOldestOnScreen } from '../lib/oldest-on-screen';

/**
 * A spinner while online. Offline a query waits for the connection instead of loading, so a screen
 * with nothing saved says so rather than spinning for ever.
 */
export function Loading({ text = 'Loading...', offlineText }: { text?: string; offlineText?: string }) {
  const online = useOnline();
  if (!online) {
    return (
      <div className="state state-empty state-offline" role="status">
        {offlineText ?? 'This has not been saved on this device yet. It loads when the connection is back.'}
      </div>
    );
  }
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

export function ErrorBox({ text }: { text: string }) {
  return (
    <div className="state state-error" role="alert">
      {text}
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return <div className="state state-empty">{text}</div>;
}

/**
 * "Offline, data from <time> (<age>)" for a query's dataUpdatedAt, when the screen mixes data of
 * different times; shows nothing while online, nor when the offline banner already names that time.
 */
export function OfflineNote({ updatedAt }: { updatedAt: number | undefined }) {
  const online = useOnline();
  return online || !updatedAt ? null : <OfflineNoteText updatedAt={updatedAt} />;
}

/** Mounted only offline: watching the query cache costs a pass over it on every change. */
function OfflineNoteText({ updatedAt }: { updatedAt: number }) {
  const now = useMinuteClock();
  const oldest = useOldestOnScreen();
  if (!differsFromBanner(updatedAt, oldest)) return null;
  return (
    <p className="offline-note" role="status">
      Offline, data from {formatCT(updatedAt)} ({formatAge(updatedAt, now.getTime())})
    </p>
  );
}

/** What QueryView reads of a query (a useQuery result). */
export interface ViewedQuery<T> {
  data: T | undefined;
  error: Error | null;
  dataUpdatedAt: number;
}

/**
 * A query's states in one place: with nothing to show, a spinner while it loads (offline: "not
 * saved on this device yet") or the error once it failed; else its data, kept on screen while it
 * refetches or when a refetch fails, with "Offline, data from ..." when it is saved data shown offline.
 */
export function QueryView<T>({
  query,
  loadingText,
  offlineText,
  errorText,
  children,
}: {
  query: ViewedQuery<T>;
  loadingText?: string;
  offlineText?: string;
  errorText: string | ((error: Error) => string);
  children: (data: T) => ReactNode;
}) {
  if (query.data === undefined) {
    if (query.error) return <ErrorBox text={typeof errorText === 'string' ? errorText : errorText(query.error)} />;
    return <Loading text={loadingText} offlineText={offlineText} />;
  }
  return (
    <>
      <OfflineNote updatedAt={query.dataUpdatedAt} />
      {children(query.data)}
    </>
  );
}
