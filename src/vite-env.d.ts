/** Build-time constants defined in vite.config.ts. */
/// <reference types="vite/client" />

/** Unique per build: busts the persisted query cache of older versions. */
declare const __BUILD_ID__: string;
