/**
 * The Pay-to-Play Settings dialog: seven required numbers (whole numbers, or 0.01 steps for Cap and
 * the accuracy bonuses), prefilled from the event or the spec's defaults, and "Pay flagged racers"
 * (off unless the event has it on). A non-JSON failure reads
 * "Server error occurred"; other failures prefer the server's text.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AdminEventResponse } from '../../../contract/admin-events';
import type { Event } from '../../../contract/events';
import { ApiError } from '../../api/client';
import { useOnline } from '../../lib/online';
import { Dialog } from '../../ui/dialog';
import { hasServerText } from '../../api/error-text';
import { PAY_TO_PLAY_FIELDS, payToPlayBody, payToPlayValues, type PayToPlayValues } from './pay-to-play-form';
import { FormFooter } from '../../ui/form-footer';
import { updateEvent } from '../../api/staff';

export interface PayToPlayDialogProps {
  event: Event | null;
  onClose: () => void;
  onSaved: (res: AdminEventResponse) => void;
}

export function PayToPlayDialog(props: PayToPlayDialogProps) {
  return (
    <Dialog open={!!props.event} title="Pay-to-Play Settings" onClose={props.onClose}>
      {props.event ? <PayToPlayForm {...props} event={props.event} /> : null}
    </Dialog>
  );
}

function failureText(err: unknown): string {
  if (hasServerText(err)) return err.message;
  if (err instanceof ApiError && err.status > 0) return 'Server error occurred';
  return 'Failed to update pay-to-play settings';
}

function PayToPlayForm({ event, onClose, onSaved }: PayToPlayDialogProps & { event: Event }) {
  const online = useOnline();
  const [v, setV] = useState<PayToPlayValues>(() => payToPlayValues(event));
  const [payFlagged, setPayFlagged] = useState(event.PayFlagged);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof updateEvent>[1]) => updateEvent(event.EventID, body),
    onSuccess: onSaved,
    onError: (err) => setError(failureText(err)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = payToPlayBody(v);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    save.mutate({ ...checked.body, PayFlagged: payFlagged });
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="dialog-lead">{event.Title}</p>
      <div className="pay-grid">
        {PAY_TO_PLAY_FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`ptp-${f.key}`}>{f.label}</label>
            <input
              id={`ptp-${f.key}`}
              name={f.key}
              type="number"
              inputMode={f.integer ? 'numeric' : 'decimal'}
              min={0}
              step={f.integer ? 1 : 0.01}
              required
              value={v[f.key]}
              onChange={(e) => setV((prev) => ({ ...prev, [f.key]: e.target.value }))}
              aria-describedby={`ptp-${f.key}-hint`}
            />
            <span id={`ptp-${f.key}-hint`} className="field-hint">
              {f.hint}
            </span>
          </div>
        ))}
      </div>
      <label className="field field-inline pay-flagged" htmlFor="ptp-PayFlagged">
        <input
          id="ptp-PayFlagged"
          type="checkbox"
          checked={payFlagged}
          onChange={(e) => setPayFlagged(e.target.checked)}
          aria-describedby="ptp-PayFlagged-hint"
        />
        <span>
          Pay flagged racers
          <span id="ptp-PayFlagged-hint" className="field-hint">
            Off: racers flagged as bots win nothing; everyone else&apos;s winnings stay the same.
          </span>
        </span>
      </label>
      <FormFooter
        error={error}
        pending={save.isPending}
        online={online}
        submitLabel={'Save Settings'}
        onCancel={onClose}
      />
    </form>
  );
}
