/** The bottom of a staff form: the error line, Cancel, and a submit button disabled while saving or offline. */
export function FormFooter({ error, pending, online, submitLabel, onCancel }: {
  error: string | null;
  pending: boolean;
  online: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <p className="form-error" role="alert">
        {error ?? ''}
      </p>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending || !online} title={online ? undefined : 'Saving needs a connection'}>
          {pending ? 'Saving…' : submitLabel}
        </button>
      </div>
    </>
  );
}
