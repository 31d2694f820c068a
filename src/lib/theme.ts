/**
 * The colour theme: the system's (prefers-color-scheme) unless this device chose light or dark,
 * kept in localStorage `theme`. <html data-theme> always holds the theme in effect (the inline
 * script of index.html sets it before the first paint; `watchTheme()` follows the system after). Charts read their colours from the CSS tokens and redraw on
 * `useResolvedTheme()` changes.
 */
import { useSyncExternalStore } from 'react';
import { getStored, setStored } from './storage';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
const DARK_QUERY = '(prefers-color-scheme: dark)';
/** The top bar's colour in each theme (theme-color meta: the phone's status bar). */
export const THEME_COLORS = { light: '#0f172a', dark: '#060a14' } as const;
const CHANGE = 'nt-theme-change';

export function storedThemeChoice(): ThemeChoice {
  const v = getStored('theme');
  return v === 'light' || v === 'dark' ? v : 'system';
}

function systemDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.(DARK_QUERY).matches;
}

export function resolvedTheme(choice: ThemeChoice = storedThemeChoice()): 'light' | 'dark' {
  return choice === 'system' ? (systemDark() ? 'dark' : 'light') : choice;
}

/** Sets <html data-theme> and the theme-color meta to the theme in effect for `choice`. */
export function applyTheme(choice: ThemeChoice): void {
  const theme = resolvedTheme(choice);
  document.documentElement.setAttribute('data-theme', theme);
  const meta = document.querySelector('meta[name="theme-color"]:not([media])');
  meta?.setAttribute('content', THEME_COLORS[theme]);
}

/** Applies the stored choice now and again whenever the system's setting or another tab's choice changes. */
export function watchTheme(): void {
  applyTheme(storedThemeChoice());
  window.matchMedia?.(DARK_QUERY).addEventListener('change', () => applyTheme(storedThemeChoice()));
  window.addEventListener('storage', (e) => {
    if (e.key === 'theme') applyTheme(storedThemeChoice());
  });
}

export function chooseTheme(choice: ThemeChoice): void {
  setStored('theme', choice);
  applyTheme(choice);
  window.dispatchEvent(new Event(CHANGE));
}

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(DARK_QUERY);
  list?.addEventListener('change', onChange);
  window.addEventListener(CHANGE, onChange);
  // Another tab chose (watchTheme applies it).
  const onStorage = (e: StorageEvent) => {
    if (e.key === 'theme') onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    list?.removeEventListener('change', onChange);
    window.removeEventListener(CHANGE, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, storedThemeChoice, () => 'system');
}

/** The theme in effect, light or dark: a chart redraws when it changes. */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    subscribe,
    () => resolvedTheme(),
    () => 'light',
  );
}

/** A colour token's value now (e.g. cssColor('--color-chart-axis')), for canvas drawing. */
export function cssColor(name: string, fallback = '#5b6477'): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}
