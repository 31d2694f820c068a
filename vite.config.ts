/**
 * Build of the app: file-based routes (TanStack Router), React, and the PWA (service worker from
 * sw/sw.ts with the precache manifest injected, web manifest from manifest.webmanifest), and
 * .br/.gz copies of the output (vite/precompress.ts). The first script holds the leaderboard and
 * all it needs (vite/first-script.ts checks it).
 */
import fs from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { firstScript } from './vite/first-script.js';
import { precompress } from './vite/precompress.js';
import { BOOT_SCRIPT } from './contract/boot-script.js';

const manifest = JSON.parse(
  fs.readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

/** The one file with every module of the first screen (assets/app-[hash].js). */
const FIRST_SCRIPT = 'app';

/** Changes with every build: busts the persisted query cache of older versions. */
const buildId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The router plugin: file-based routes, the home screen's route inside the first script. */
const routes = () =>
  tanstackRouter({
    target: 'react',
    routesDirectory: 'src/routes',
    generatedRouteTree: 'src/routeTree.gen.ts',
    autoCodeSplitting: true,
    // The leaderboard (the home screen) is built into the first script; every other route loads
    // its loader with its component, so their imports stay out of the first script.
    codeSplittingOptions: {
      splitBehavior: ({ routeId }) => (routeId === '/leaderboards' ? [] : undefined),
      defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
    },
  });

/** `vite build --ssr src/server-render.tsx` (in `npm run build`): the server's page drawing as one Node module in dist-server/. */
const serverRender = defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [routes(), react()],
  publicDir: false,
  // Self-contained (React included), so it runs wherever it is built to.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRender
    : {
        define: {
          __BUILD_ID__: JSON.stringify(buildId),
        },
        plugins: [
          routes(),
          react(),
          firstScript(FIRST_SCRIPT, '/src/routes/leaderboards.tsx', ['zod']),
          {
            // The theme chosen on this device and the taps before the app runs, ahead of the stylesheet (contract/boot-script.ts).
            name: 'boot-script',
            transformIndexHtml: () => [{ tag: 'script', children: BOOT_SCRIPT, injectTo: 'head-prepend' }],
          },
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'sw.ts',
            injectRegister: false,
            manifest,
            manifestFilename: 'manifest.webmanifest',
            includeAssets: ['favicon.ico', 'favicon-32.png', 'apple-touch-icon.png'],
            injectManifest: {
              globPatterns: ['**/*.{js,css,html,png,ico,svg,webmanifest,woff2}'],
            },
          }),
          precompress(),
        ],
        server: {
          proxy: {
            '/api': 'http://127.0.0.1:3000',
          },
        },
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: false,
          // One stylesheet for every screen, in the page's head: a screen drawn by the server (or kept by
          // the service worker) is styled from its first paint, before its route's code arrives.
          cssCodeSplit: false,
          rolldownOptions: {
            output: {
              // Everything the first screen runs in one file: on a phone over HTTP/1.1, a dozen small
              // chunks each waited for a connection and a round trip.
              codeSplitting: { groups: [{ name: FIRST_SCRIPT, tags: ['$initial'] }] },
              // The entry holds that group when nothing else shares it: it carries the same name.
              entryFileNames: `assets/${FIRST_SCRIPT}-[hash].js`,
            },
          },
        },
      },
);
