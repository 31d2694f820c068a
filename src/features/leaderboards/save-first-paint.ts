/**
 * The next visit to the board's address shows it before the app has started (lib/first-paint.ts):
 * saved only as it first opens (`asOpened`: no filter, sort, page or flagged racers chosen),
 * online and logged out; the board shown to someone logged in drops the saved copy.
 */
import { useEffect } from 'react';
import { forgetFirstPaint, saveFirstPaintWhenIdle } from '../../lib/first-paint';
import { useOnline } from '../../lib/online';
import { useMe } from '../../lib/session';

export function useSaveFirstPaint(asOpened: boolean): void {
  const loggedIn = useMe().logged_in;
  const online = useOnline();
  useEffect(() => {
    if (loggedIn) {
      void forgetFirstPaint().catch(() => undefined);
      return;
    }
    if (online && asOpened) return saveFirstPaintWhenIdle();
  }, [loggedIn, online, asOpened]);
}
