/// <reference lib="webworker" />
/**
 * The service worker: precaches the built shell (HTML, JS, CSS, icons, manifest), answers page
 * navigations with the precached index.html so deep links open offline, and takes over when the
 * page asks (the "update available" prompt). It does not cache /api responses: the app keeps
 * those in its own persisted query cache, and leaves the /api/live event stream to the network.
 * The leaderboard's address gets its last drawing inside the HTML (first-paint.ts). Push messages
 * show a notification, set the app badge and open their screen on a tap (push.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { withFirstPaint } from './first-paint';
import { handlePushes } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

self.addEventListener('message', (event) => {
  if (event.data && (event.data as { type?: string }).type === 'SKIP_WAITING') void self.skipWaiting();
});

handlePushes();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(async (options) => withFirstPaint(options.request, await shell(options)), {
    // API calls and files (robots.txt, icons) are not pages.
    denylist: [/^\/api\//, /\/[^/?]+\.[^/]+$/],
  }),
);
clientsClaim();
