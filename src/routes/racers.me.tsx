/**
 * /racers/me (the home-screen shortcut "My racer"): the racer page of the racer chosen with "This
 * is me", or the picker when none is chosen yet.
 */
import { createFileRoute, redirect } from '@tanstack/react-router';
import { getMyRacer } from '../lib/my-racer';

export const Route = createFileRoute('/racers/me')({
  // "This is me" lives on the device: the server cannot tell where to go, the browser decides.
  ssr: false,
  beforeLoad: () => {
    const me = getMyRacer();
    if (me)
      throw redirect({
        to: '/racers/$username/$subtab',
        params: { username: me.username, subtab: 'batch' },
        replace: true,
      });
    throw redirect({ to: '/racers/find-me', replace: true });
  },
});
