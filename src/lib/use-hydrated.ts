/**
 * False on the server and while React hydrates a page the server drew, true from then on (and from
 * the first render of a page drawn in the browser). The page's Content-Security-Policy refuses
 * style attributes written in HTML, and hydration does not set attributes again: a style given only
 * once hydrated is set through the DOM, which the policy allows.
 */
import { useSyncExternalStore, type CSSProperties } from 'react';

const noChanges = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/** Gives a `style` prop back only once hydrated: `const styled = useStyleWhenHydrated(); <div style={styled({...})} />`. */
export function useStyleWhenHydrated(): (style: CSSProperties | undefined) => CSSProperties | undefined {
  const hydrated = useHydrated();
  return (style) => (hydrated ? style : undefined);
}
