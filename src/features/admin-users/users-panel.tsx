/**
 * User Management: Add User, and the table of staff accounts (Username, Role, User ID linked to the
 * racer page when it is a known racer, Team, Created, Last Login, and edit / change password /
 * delete actions). Deleting asks "Delete user {username}?".
 */
import { keys } from '../../api/keys';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { UserRow } from '../../../contract/users';
import { useOnline } from '../../lib/online';
import { EditIcon, KeyIcon, PlusIcon, TrashIcon } from '../../ui/action-icons';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type Column } from '../../ui/data-table';
import { DisabledReason } from '../../ui/disabled-reason';
import { QueryView } from '../../ui/states';
import { errorText } from '../../api/error-text';
import { localDateTime } from './local-time';
import { UserDialog } from './user-dialog';
import type { UserDialogMode } from './user-form';
import { useMe } from '../../lib/session';
import { deleteUser, usersQueryOptions } from '../../api/staff';

export function UsersPanel() {
  const qc = useQueryClient();
  const online = useOnline();
  const me = useMe();
  const users = useQuery(usersQueryOptions());
  const [mode, setMode] = useState<UserDialogMode>('closed');
  const [selected, setSelected] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const offline = online ? undefined : 'Needs a connection';

  const open = (m: UserDialogMode, u: UserRow | null) => {
    setSelected(u);
    setMode(m);
  };
  const reload = () => qc.invalidateQueries({ queryKey: keys.staff });
  const remove = useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSuccess: () => {
      setDeleting(null);
      void reload();
    },
    onError: (err) => setDeleteError(errorText(err, 'Delete failed')),
  });

  const columns: Column<UserRow>[] = [
    {
      key: 'username',
      header: 'Username',
      identity: true,
      render: (u) => (
        <span className="user-name">
          {u.username}
          {u.username === me.username ? <span className="you"> (you)</span> : null}
        </span>
      ),
    },
    { key: 'role', header: 'Role', render: (u) => <span className={`role-badge role-${u.role}`}>{u.role}</span> },
    {
      key: 'userID',
      header: 'User ID',
      render: (u) =>
        u.userID && u.racerUsername ? (
          <Link to="/racers" search={{ username: u.racerUsername, subtab: 'batch' }} title={`Racer ${u.racerUsername}`}>
            {u.userID}
          </Link>
        ) : (
          (u.userID ?? '')
        ),
    },
    {
      key: 'team',
      header: 'Team',
      render: (u) => (u.role === 'admin' ? 'All' : (u.teamTag ?? <span className="muted">none</span>)),
    },
    { key: 'created', header: 'Created', render: (u) => localDateTime(u.created_at) },
    { key: 'lastLogin', header: 'Last Login', render: (u) => localDateTime(u.last_login) },
    {
      key: 'actions',
      header: 'Actions',
      render: (u) => (
        <div className="row-actions">
          <button
            type="button"
            className="icon-btn action-btn"
            aria-label={`Edit ${u.username}`}
            title={offline ?? 'Edit'}
            disabled={!!offline}
            onClick={() => open('edit', u)}
          >
            <EditIcon />
          </button>
          <button
            type="button"
            className="icon-btn action-btn"
            aria-label={`Change password of ${u.username}`}
            title={offline ?? 'Change password'}
            disabled={!!offline}
            onClick={() => open('password', u)}
          >
            <KeyIcon />
          </button>
          <button
            type="button"
            className="icon-btn action-btn action-danger"
            aria-label={`Delete ${u.username}`}
            title={offline ?? 'Delete'}
            disabled={!!offline}
            onClick={() => {
              setDeleteError(null);
              setDeleting(u);
            }}
          >
            <TrashIcon />
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="card" aria-labelledby="users-title">
      <div className="card-header">
        <h2 id="users-title" className="card-title">
          Staff accounts
        </h2>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => open('add', null)}
          disabled={!!offline}
          title={offline}
          aria-describedby={offline ? 'users-offline' : undefined}
        >
          <PlusIcon />
          Add User
        </button>
        <DisabledReason id="users-offline" reason={offline} />
      </div>
      <QueryView query={users} loadingText="Loading users..." errorText="Failed to fetch users">
        {() => (
          <DataTable
            columns={columns}
            rows={users.data ?? []}
            rowKey={(u) => String(u.id)}
            emptyText="No users."
            caption="Users table"
            leadColumns={['actions']}
          />
        )}
      </QueryView>
      <UserDialog
        mode={mode}
        user={selected}
        onClose={() => setMode('closed')}
        onSaved={() => {
          setMode('closed');
          void reload();
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title="Delete user"
        message={`Delete user ${deleting?.username ?? ''}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        error={deleteError}
        disabledReason={offline}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
