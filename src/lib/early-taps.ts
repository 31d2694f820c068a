/**
 * Buttons tapped on a drawn page before the app's script runs (a slow phone, or a kept page shown
 * before its script has run): React hears nothing of them, so a tab or a button tapped
 * then did nothing. The inline script at the top of the page notes them (contract/boot-script.ts);
 * the app stops it as it starts (React replays the taps that come once it hydrates) and taps them
 * again, in order, once hydrated. Links need none of this: they work as plain links.
 */
import { EARLY_TAPS } from '../../contract/boot-script';

type Noted = HTMLButtonElement[] & { over?: boolean };

/** Stops noting taps; the buttons tapped so far. */
export function stopNotingTaps(): HTMLButtonElement[] {
  const noted = (window as unknown as Record<string, Noted | undefined>)[EARLY_TAPS];
  if (!noted) return [];
  noted.over = true;
  return noted.splice(0);
}

/** Taps again, in order, the buttons still on the page. */
export function tapAgain(buttons: readonly HTMLButtonElement[]): void {
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}
