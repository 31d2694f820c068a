/**
 * Why a control is disabled, as visible text beside it: a title never shows on touch. Point the
 * control's aria-describedby at `id` so screen readers hear it too.
 */
export function DisabledReason({ id, reason }: { id: string; reason: string | undefined }) {
  return reason ? (
    <p id={id} className="disabled-reason">
      {reason}
    </p>
  ) : null;
}
