/** The Edit Squad Name dialog: a custom name for one squad (empty removes it), Remove Custom Name, Cancel. */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useOnline } from '../../lib/online';
import { Dialog } from '../../ui/dialog';
import { DisabledReason } from '../../ui/disabled-reason';
import { errorText } from '../../api/error-text';
import type { SquadName } from '../../../contract/squads';
import { updateSquadName } from '../../api/staff';

export interface SquadNameDialogProps {
  tag: string;
  squad: SquadName | null;
  current: string | null;
  onClose: () => void;
  onSaved: () => void;
}

export function SquadNameDialog(props: SquadNameDialogProps) {
  return (
    <Dialog open={!!props.squad} title="Edit Squad Name" onClose={props.onClose}>
      {props.squad ? <SquadNameForm {...props} squad={props.squad} /> : null}
    </Dialog>
  );
}

function SquadNameForm({ tag, squad, current, onClose, onSaved }: SquadNameDialogProps & { squad: SquadName }) {
  const online = useOnline();
  const [name, setName] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (customName: string) => updateSquadName({ tag, squad, customName }),
    onSuccess: onSaved,
    onError: (err) => setError(errorText(err, 'Failed to update squad name')),
  });
  const offline = online ? undefined : 'Saving needs a connection';

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(name.trim());
  }

  return (
    <form className="form" onSubmit={submit}>
      <div className="field">
        <label htmlFor="squad-name-input">Custom name for {squad}</label>
        <input
          id="squad-name-input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Enter custom name"
          maxLength={40}
          data-autofocus
        />
        <span className="field-hint">Leave empty to show “{squad}” again.</span>
      </div>
      <p className="form-error" role="alert">
        {error ?? ''}
      </p>
      <DisabledReason id="squad-name-offline" reason={offline} />
      <div className="form-actions form-actions-wrap">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => save.mutate('')}
          disabled={save.isPending || !current || !!offline}
          title={offline}
          aria-describedby={offline ? 'squad-name-offline' : undefined}
        >
          Remove Custom Name
        </button>
        <span className="form-actions-spacer" />
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.isPending || !!offline}
          title={offline}
          aria-describedby={offline ? 'squad-name-offline' : undefined}
        >
          Save
        </button>
      </div>
    </form>
  );
}
