/**
 * The one inline script of index.html (injected by vite.config.ts, allowed by its hash in
 * server/http/security-headers.ts): sets <html data-theme> to the theme in effect (this device's
 * choice, else the system's) before the first paint, so dark never flashes light (src/lib/theme.ts does the rest). No imports.
 */
export const THEME_BOOT_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('data-theme',t)}catch(e){}";
