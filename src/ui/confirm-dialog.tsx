/** A yes-or-no question in a dialog (e.g. "Delete Event?"), with the error of a failed attempt shown inside it. */
import { useId } from 'react';
import { Dialog } from './dialog';
import { DisabledReason } from './disabled-reason';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  /** The confirm button's text while busy. */
  busyLabel?: string;
  error: string | null;
  disabledReason?: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  busyLabel = 'Deleting…',
  error,
  disabledReason,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const reasonId = useId();
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      <div className="form">
        <p className="confirm-text">{message}</p>
        <p className="form-error" role="alert">
          {error ?? ''}
        </p>
        <div className="form-actions">
          <DisabledReason id={reasonId} reason={disabledReason} />
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={onConfirm}
            disabled={busy || !!disabledReason}
            title={disabledReason}
            aria-describedby={disabledReason ? reasonId : undefined}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
