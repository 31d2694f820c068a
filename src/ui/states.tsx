/** The loading, error, empty and offline states every screen shows. */
import { formatCT } from '../lib/format';
import { useOnline } from '../lib/online';

export function Loading({ text = 'Loading...' }: { text?: string }) {
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

/** "Offline, data from <time>" for a query's dataUpdatedAt; shows nothing while online. */
export function OfflineNote({ updatedAt }: { updatedAt: number | undefined }) {
  const online = useOnline();
  if (online || !updatedAt) return null;
  return (
    <p className="offline-note" role="status">
      Offline, data from {formatCT(updatedAt)}
    </p>
  );
}
