/// <reference lib="webworker" />
/**
 * The service worker: precaches the built shell (HTML, JS, CSS, icons, manifest), answers page
 * navigations with the server's saved drawing of that address (saved-pages.ts) or else the
 * precached index.html, so deep links open offline, and takes over when the page asks (the
 * "update available" prompt). It does not cache /api responses: the app keeps those in its own
 * persisted query cache, and leaves the /api/live event stream to the network. Push messages
 * show a notification, set the app badge and open their screen on a tap (push.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { ForgetPagesMessage, KeepPageMessage } from '../contract/saved-pages';
import { forgetPages, keepPage, savedPage } from './saved-pages';
import { handlePushes } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

type Message = { type: 'SKIP_WAITING' } | KeepPageMessage | ForgetPagesMessage;

self.addEventListener('message', (event) => {
  const message = event.data as Message | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (message?.type === 'KEEP_PAGE' && typeof message.address === 'string')
    event.waitUntil(keepPage(message.address, Date.now()).catch(() => undefined));
  else if (message?.type === 'FORGET_PAGES') event.waitUntil(forgetPages().catch(() => undefined));
});

// A new build's worker: the pages kept by the last one load that build's scripts (saved-pages.ts).
self.addEventListener('activate', (event) => event.waitUntil(forgetPages().catch(() => undefined)));

handlePushes();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => (await savedPage(options.request, Date.now()).catch(() => undefined)) ?? shell(options),
    {
      // API calls and files (robots.txt, icons) are not pages.
      denylist: [/^\/api\//, /\/[^/?]+\.[^/]+$/],
    },
  ),
);
clientsClaim();
