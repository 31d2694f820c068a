/** Whether a CSS media query matches now, kept current as the window changes. */
import { useSyncExternalStore } from 'react';

/** What a page drawn on the server assumes (src/server-render.tsx): a guess from the request. */
let serverMatch: (query: string) => boolean = () => false;

export function setServerMediaMatch(match: (query: string) => boolean): void {
  serverMatch = match;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverMatch(query),
  );
}

/** The phone layout's breakpoint, the same as the tables' @media rule in styles/ui.css. */
export const NARROW_SCREEN = '(max-width: 640px)';
