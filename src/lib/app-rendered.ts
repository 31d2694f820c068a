/**
 * When the app's root layout has first rendered, and on a drawn page hydrated, with its effects
 * run: the whole route tree with it, since a drawn page hydrates as one once the route's code and
 * answers are in (router.ts). The thread being idle alone says less: it is idle too while the
 * hydration waits for the route's code, and a tap then is lost (src/main.tsx waits for both).
 */
import { useEffect } from 'react';

let markRendered: () => void = () => {};
export const appRendered = new Promise<void>((resolve) => (markRendered = resolve));

/** Called by the root layout. */
export function useMarkAppRendered(): void {
  useEffect(() => markRendered(), []);
}
