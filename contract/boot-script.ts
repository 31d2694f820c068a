/**
 * The one inline script of index.html, first in its head (injected by vite.config.ts, allowed by
 * its hash in server/http/security-headers.ts). No imports. Before anything is parsed or painted:
 * - it sets <html data-theme> to the theme in effect (this device's choice, else the system's), so
 *   dark never flashes light (src/lib/theme.ts does the rest);
 * - it notes the buttons tapped before the app's script runs (`EARLY_TAPS`, a form's submit button
 *   aside: the browser submits that form itself), which the app taps again once it has hydrated a
 *   drawn page (src/lib/early-taps.ts). In the head, before the stylesheet, so the parser never
 *   waits for the stylesheet to run it.
 */
const THEME =
  "try{var t=localStorage.getItem('theme');if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('data-theme',t)}catch(e){}";

/** Where the buttons tapped early are kept, on `self`. */
export const EARLY_TAPS = '__earlyTaps';

const NOTE_TAPS =
  `(()=>{const t=self.${EARLY_TAPS}=[];addEventListener('click',e=>{if(t.over)return;` +
  `const b=e.target instanceof Element?e.target.closest('button'):null;` +
  `if(b&&!b.disabled&&!(b.type==='submit'&&b.form))t.push(b)},true)})();`;

export const BOOT_SCRIPT = THEME + NOTE_TAPS;
