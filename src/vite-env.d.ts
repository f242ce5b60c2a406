/// <reference types="vite/client" />

/** The package.json version the client was built from (vite.config.ts `define`). */
declare const __APP_VERSION__: string;

/** Unique per build (vite.config.ts `define`): busts the persisted query cache. */
declare const __BUILD_ID__: string;
