/**
 * When the service worker put a saved drawing of the board into the page (first-paint.ts), the
 * browser paints it before the app's script evaluates: main.tsx imports this module first (after
 * starting the saved-cache read), and the bundle runs the rest of its modules after this await.
 */
import { FIRST_PAINT_CLASS } from '../../contract/first-paint';

function afterNextPaint(): Promise<void> {
  // The animation frame comes before the paint; the task queued from it runs after.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

if (typeof document !== 'undefined' && document.querySelector(`.${FIRST_PAINT_CLASS}`)) await afterNextPaint();
