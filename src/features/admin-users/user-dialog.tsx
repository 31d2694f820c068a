/**
 * Add User, Edit User and Change Password (docs/product.md §2, §4, §5). Add: username, password, role and the
 * user-ID select ("Select User ID", racers as "name (id)"); Edit: username, role, user ID; both
 * also take the team a teamadmin manages. Success closes and reloads the list; a failure keeps the
 * dialog open with the server's text, else "Add failed" / "Edit failed" / "Password change failed".
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Role } from '../../../contract/common';
import { MIN_PASSWORD_LENGTH } from '../../../contract/password-rules';
import type { UserRow } from '../../../contract/users';
import { useOnline } from '../../lib/online';
import { Dialog } from '../../ui/dialog';
import { errorText } from '../../api/error-text';
import {
  FAILURE_TEXT,
  createBody,
  editBody,
  passwordBody,
  userFormProblem,
  userFormValues,
  type UserDialogMode,
  type UserFormValues,
} from './user-form';
import { FormFooter } from '../../ui/form-footer';
import { teamTagsQueryOptions } from '../../api/teams';
import { createUser, updateUser } from '../../api/staff';
import { membersQueryOptions } from '../../api/racers';

const TITLES = { add: 'Add User', edit: 'Edit User', password: 'Change Password' } as const;
const SUBMIT = { add: 'Add', edit: 'Save', password: 'Change Password' } as const;

export interface UserDialogProps {
  mode: UserDialogMode;
  user: UserRow | null;
  onClose: () => void;
  onSaved: () => void;
}

export function UserDialog(props: UserDialogProps) {
  const { mode } = props;
  return (
    <Dialog open={mode !== 'closed'} title={mode === 'closed' ? '' : TITLES[mode]} onClose={props.onClose}>
      {mode !== 'closed' ? <UserForm {...props} mode={mode} /> : null}
    </Dialog>
  );
}

function UserForm({ mode, user, onClose, onSaved }: UserDialogProps & { mode: Exclude<UserDialogMode, 'closed'> }) {
  const online = useOnline();
  const [v, setV] = useState<UserFormValues>(() => userFormValues(mode === 'add' ? null : user));
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof UserFormValues>(k: K, value: UserFormValues[K]) =>
    setV((prev) => ({ ...prev, [k]: value }));

  const save = useMutation({
    mutationFn: async () => {
      if (mode === 'add') return createUser(createBody(v));
      if (mode === 'edit') return updateUser(user!.id, editBody(v));
      return updateUser(user!.id, passwordBody(v));
    },
    onSuccess: onSaved,
    onError: (err) => setError(errorText(err, FAILURE_TEXT[mode])),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = userFormProblem(mode, v);
    if (problem) return setError(problem);
    setError(null);
    save.mutate();
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {mode === 'password' ? (
        <p className="dialog-lead">User {user?.username}</p>
      ) : (
        <div className="field">
          <label htmlFor="user-username">Username</label>
          <input
            id="user-username"
            autoComplete="off"
            value={v.username}
            onChange={(e) => set('username', e.target.value)}
            maxLength={100}
            data-autofocus
          />
        </div>
      )}
      {mode !== 'edit' ? (
        <div className="field">
          <label htmlFor="user-password">{mode === 'password' ? 'New Password' : 'Password'}</label>
          <input
            id="user-password"
            type="password"
            autoComplete="new-password"
            value={v.password}
            onChange={(e) => set('password', e.target.value)}
            data-autofocus={mode === 'password' ? true : undefined}
            aria-describedby="user-password-hint"
          />
          <span id="user-password-hint" className="field-hint">
            At least {MIN_PASSWORD_LENGTH} characters.
          </span>
        </div>
      ) : null}
      {mode !== 'password' ? <AccountFields v={v} set={set} /> : null}
      <FormFooter
        error={error}
        pending={save.isPending}
        online={online}
        submitLabel={SUBMIT[mode]}
        onCancel={onClose}
      />
    </form>
  );
}

function AccountFields({
  v,
  set,
}: {
  v: UserFormValues;
  set: <K extends keyof UserFormValues>(k: K, value: UserFormValues[K]) => void;
}) {
  const members = useQuery(membersQueryOptions());
  const tags = useQuery(teamTagsQueryOptions());
  const options = [...(members.data ?? [])].sort((a, b) =>
    a.CurrentDisplayName.localeCompare(b.CurrentDisplayName, undefined, { sensitivity: 'base' }),
  );
  // A linked racer who is no longer on a tracked team still shows.
  const linkedMissing = v.userID && !options.some((m) => String(m.UserID) === v.userID);
  return (
    <>
      <div className="field">
        <label htmlFor="user-role">Role</label>
        <select id="user-role" value={v.role} onChange={(e) => set('role', e.target.value as Role)}>
          <option value="teamadmin">teamadmin</option>
          <option value="admin">admin</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="user-userid">User ID</label>
        <select
          id="user-userid"
          value={v.userID}
          onChange={(e) => set('userID', e.target.value)}
          aria-describedby="user-userid-hint"
        >
          <option value="">Select User ID</option>
          {linkedMissing ? <option value={v.userID}>{v.userID}</option> : null}
          {options.map((m) => (
            <option key={m.UserID} value={String(m.UserID)}>
              {m.CurrentDisplayName} ({m.UserID})
            </option>
          ))}
        </select>
        <span id="user-userid-hint" className="field-hint">
          {members.isError ? 'Failed to fetch members' : 'The racer this account belongs to.'}
        </span>
      </div>
      {v.role === 'teamadmin' ? (
        <div className="field">
          <label htmlFor="user-team">Team</label>
          <select
            id="user-team"
            value={v.teamTag}
            onChange={(e) => set('teamTag', e.target.value)}
            aria-describedby="user-team-hint"
          >
            <option value="">No team</option>
            {v.teamTag && !(tags.data ?? []).includes(v.teamTag) ? (
              <option value={v.teamTag}>{v.teamTag}</option>
            ) : null}
            {(tags.data ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <span id="user-team-hint" className="field-hint">
            {v.teamTag
              ? 'The team whose events and squads this team admin manages.'
              : 'Without a team this team admin manages nothing: choose the team they may manage.'}
          </span>
        </div>
      ) : null}
    </>
  );
}
