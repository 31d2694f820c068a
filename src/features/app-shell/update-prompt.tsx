/** "Update available — Reload" when a new version of the site is waiting. */
import { applyUpdate, dismissUpdate, useUpdateAvailable } from './service-worker';

export function UpdatePrompt() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <div className="update-toast" role="alert">
      <span>Update available</span>
      <button type="button" className="btn btn-primary btn-sm" onClick={applyUpdate}>
        Reload
      </button>
      <button type="button" className="icon-btn" aria-label="Dismiss" onClick={dismissUpdate}>
        ×
      </button>
    </div>
  );
}
