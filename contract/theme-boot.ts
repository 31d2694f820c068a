/**
 * The one inline script of index.html (injected by vite.config.ts, allowed by its hash in
 * server/http/security-headers.ts): sets <html data-theme> from this device's choice before the
 * first paint, so a dark choice never flashes light (src/lib/theme.ts does the rest). No imports.
 */
export const THEME_BOOT_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}";
