/** Right side of the top navigation: username and Logout when logged in, else a Login button. */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../api/keys';
import { logout as postLogout } from '../../api/staff';
import { useOnline } from '../../lib/online';
import { endSession } from '../../lib/session-end';
import { UserIcon } from '../../ui/icons';
import { useMe } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { LoginDialog } from './login-dialog';

export function AccountMenu() {
  const me = useMe();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [loginOpen, setLoginOpen] = useState(false);
  // On a page drawn on the server the button works once the app has taken the page over.
  const hydrated = useHydrated();

  const logout = useMutation({
    mutationFn: postLogout,
    onSettled: () => {
      // Staff data (user accounts, the audit log) must not stay in this browser, in any tab.
      endSession(queryClient);
      void queryClient.invalidateQueries({ queryKey: keys.me });
    },
  });

  if (me.logged_in) {
    return (
      <div className="account">
        <span className="account-user" title={me.role ? `${me.username} (${me.role})` : undefined}>
          <UserIcon />
          <span className="account-name">{me.username}</span>
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => logout.mutate()}
          disabled={logout.isPending || !online}
        >
          Logout
        </button>
      </div>
    );
  }
  return (
    <div className="account">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => setLoginOpen(true)}
        disabled={!online || !hydrated}
        title={online ? undefined : 'Logging in needs a connection'}
      >
        Login
      </button>
      <LoginDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </div>
  );
}
