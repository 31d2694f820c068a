/**
 * Buttons tapped on a drawn page before the app's script runs (a slow phone, or a kept page, whose
 * script starts after its first frame): React hears nothing of them, so a tab or a button tapped
 * then did nothing. A script the server writes at the top of the page (`EARLY_TAPS_SCRIPT`, the
 * root route) notes them; the app stops it as it starts hydrating (React replays the taps that
 * come from then on itself) and taps them again, in order, once hydrated. Links need none of
 * this: they work as plain links.
 */

/** Where the page's script keeps the buttons tapped. */
const NOTED = '__earlyTaps';

type Noted = HTMLButtonElement[] & { over?: boolean };

/** Notes every enabled button tapped, but a form's submit button (the browser submits that form itself). */
export const EARLY_TAPS_SCRIPT =
  `(()=>{const t=self.${NOTED}=[];addEventListener('click',e=>{if(t.over)return;` +
  `const b=e.target instanceof Element?e.target.closest('button'):null;` +
  `if(b&&!b.disabled&&!(b.type==='submit'&&b.form))t.push(b)},true)})()`;

/** Stops noting taps; the buttons tapped so far. */
export function stopNotingTaps(): HTMLButtonElement[] {
  const noted = (window as unknown as Record<string, Noted | undefined>)[NOTED];
  if (!noted) return [];
  noted.over = true;
  return [...noted];
}

/** Taps again, in order, the buttons still on the page. */
export function tapAgain(buttons: readonly HTMLButtonElement[]): void {
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}
