/**
 * The current time, renewed every minute while the page is visible, so rolling windows move on.
 * While a drawn page is drawn on the server and hydrated in the browser, it is the time the page
 * was drawn at (`setDrawnClock`): a page the service worker kept from yesterday hydrates with
 * yesterday's windows and relative times, exactly as its HTML shows them, then moves to now.
 */
import { useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

let drawnAt: number | null = null;

/** The drawing's clock (server-render.tsx while drawing, router.ts's hydrate in the browser); null to end it. */
export function setDrawnClock(at: number | null): void {
  drawnAt = at;
}

export function useMinuteClock(): Date {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === 'visible') setNow(new Date());
    };
    const id = window.setInterval(tick, 60_000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, []);
  const [drawn] = useState(() => (hydrated || drawnAt === null ? null : new Date(drawnAt)));
  return hydrated || drawn === null ? now : drawn;
}
