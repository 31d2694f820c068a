/** The "Admin Login" dialog: username, password, an error line and the Login button. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../contract/auth';
import { ApiError } from '../../api/client';
import { keys } from '../../api/keys';
import { login as postLogin } from '../../api/staff';
import { Dialog } from '../../ui/dialog';

export function LoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: postLogin,
    onSuccess: (res) => {
      queryClient.setQueryData<MeResponse>(keys.me, { logged_in: true, username: res.username, role: res.role });
      // Another account may have used this browser before: forget its team and staff data.
      queryClient.removeQueries({ queryKey: keys.staff });
      void queryClient.invalidateQueries({ queryKey: keys.me });
      close();
    },
    onError: (err) => setError(err instanceof ApiError && err.message ? err.message : 'Login failed'),
  });

  function close() {
    setPassword('');
    setError(null);
    onClose();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError('Username and password required');
      return;
    }
    setError(null);
    login.mutate({ username: username.trim(), password });
  }

  return (
    <Dialog open={open} title="Admin Login" onClose={close}>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="login-username">Username</label>
          <input
            id="login-username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            data-autofocus
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <p className="form-error" role="alert">
          {error ?? ''}
        </p>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={login.isPending}>
            {login.isPending ? 'Logging in…' : 'Login'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
