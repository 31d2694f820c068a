/** The bottom of a staff form: the error line, Cancel, and a submit button disabled while saving or offline (saying why). */
import { useId } from 'react';
import { DisabledReason } from './disabled-reason';

const OFFLINE = 'Saving needs a connection';

export function FormFooter({
  error,
  pending,
  online,
  submitLabel,
  onCancel,
}: {
  error: string | null;
  pending: boolean;
  online: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const reasonId = useId();
  return (
    <>
      <p className="form-error" role="alert">
        {error ?? ''}
      </p>
      <div className="form-actions">
        <DisabledReason id={reasonId} reason={online ? undefined : OFFLINE} />
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={pending || !online}
          title={online ? undefined : OFFLINE}
          aria-describedby={online ? undefined : reasonId}
        >
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </>
  );
}
