// The client build: file routes, the React app, the service worker (injectManifest) and the
// web app manifest, written to dist/client where the server serves them.
import fs from 'node:fs';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { shellPrecacheTransform } from './scripts/chunk-graph.js';
import { measureVendorSteps, signedInChunkName, startChunkNames, USAGE_PASS } from './scripts/chunk-groups.js';
import { mantineStableIds } from './scripts/mantine-stable-ids.js';
import { precompressClient } from './scripts/precompress.js';
import { signedInPreloadPlugin } from './scripts/signed-in-preload.js';
import { routerOptions } from './scripts/router-options.mjs';
import { STATIC_SCREENS } from './src/app/client/static-screens.js';
import { BOOT_SCREENS_ID, bootScreensJson } from './src/client/shell/static-screen.js';

const root = import.meta.dirname;
// CLIENT_OUT_DIR builds elsewhere (a measurement beside the shared dist/client); the server serves it with CLIENT_DIST_DIR.
const outDir = path.resolve(root, process.env.CLIENT_OUT_DIR ?? 'dist/client');
const appVersion = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
/** Differs on every build: the persisted query cache of an older build is thrown away, never read by a newer one. */
const buildId = `${appVersion}+${Date.now().toString(36)}`;

/**
 * Sources whose chunks make the shell the service worker precaches: whatever the app needs to
 * open offline from the home-screen icon, signed in or not. Other route chunks are cached by
 * the service worker when first used. A module whose screen must open offline before anyone
 * has visited it adds its route file here. (The root route is never split: it is in the entry.)
 */
const shellSources = [
  // Started by the entry after the first paint, not statically imported by it.
  'src/client/pwa/register-service-worker.ts',
  'src/routes/login.tsx',
  'src/routes/_signed-in.tsx',
  'src/routes/_signed-in/_company/index.tsx',
  'src/routes/_signed-in/_company/hr-documents.index.tsx',
  'src/routes/_signed-in/_company/hs-documents.misc_docs.tsx',
  'src/routes/_signed-in/admin.tsx',
  'src/routes/_signed-in/notifications.tsx',
  'src/routes/_signed-in/outbox.tsx',
  // The persisted cache, the outbox bridge and realtime: loaded by the entry when signed in.
  'src/client/offline/offline-session.ts',
  // The toasts (loaded by the app once it has started).
  'src/client/shell/toast-container.tsx',
  // Contact Us works offline: its message waits in the outbox.
  'src/modules/support/client/contact-support-modal.tsx',
  'src/routes/welcome.tsx',
  // "Page not found", for any unknown address opened offline.
  'src/routes/$.tsx',
  // A shift worker's rota opens from the home-screen icon with no signal.
  'src/routes/_signed-in/_company/rotas.shifts.tsx',
  // The manifest's shortcuts (request leave, approvals) must open offline before a first visit.
  'src/routes/_signed-in/_company/leave-and-absences.request.tsx',
  'src/routes/_signed-in/_company/leave-and-absences.list.tsx',
];

/** Route chunks named after their route file (`route-signed-in-index-…js`), so the bundle figures read. */
function chunkFileName(chunk: { name: string; facadeModuleId: string | null }): string {
  const route = /src[\\/]routes[\\/](.+)\.tsx\?tsr-split/.exec(chunk.facadeModuleId ?? '')?.[1];
  if (!route) return 'assets/[name]-[hash].js';
  return `assets/route-${route.replace(/[\\/_]+/g, '-').replace(/^-+|-+$/g, '') || 'root'}-[hash].js`;
}

/**
 * Mantine's default CSS variables (about 480 of them on :root), inlined into index.html: set
 * there, they are part of the page's first style calculation; arriving later with the app's
 * style sheet, they made a phone restyle the whole page in one long task.
 */
function inlineMantineDefaultVariables(): Plugin {
  const file = path.join(root, 'node_modules/@mantine/core/styles/default-css-variables.css');
  return {
    name: 'stafflane:mantine-default-variables',
    transformIndexHtml: () => [
      {
        tag: 'style',
        attrs: { 'data-mantine-default-variables': '' },
        children: fs
          .readFileSync(file, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\s+/g, ' ')
          .replace(/\s*([{};:,])\s*/g, '$1')
          .trim(),
        injectTo: 'head',
      },
    ],
  };
}

/** The hand-written manifest.webmanifest at the root, served in development and copied into the build. */
function webAppManifest(): Plugin {
  const source = path.join(root, 'manifest.webmanifest');
  return {
    name: 'stafflane:web-app-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_request, response) => {
        response.setHeader('content-type', 'application/manifest+json');
        response.end(fs.readFileSync(source));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: fs.readFileSync(source, 'utf8') });
    },
  };
}

/**
 * The screens whose heading index.html paints before the app's scripts arrive, as JSON at the
 * head's start, where public/boot.js (the head's first script) reads it (src/client/shell/static-screen.ts).
 */
function bootScreens(): Plugin {
  return {
    name: 'stafflane:boot-screens',
    transformIndexHtml: () => [
      {
        tag: 'script',
        attrs: { type: 'application/json', id: BOOT_SCREENS_ID },
        children: bootScreensJson(STATIC_SCREENS),
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // The build's measuring pass (scripts/chunk-groups.ts) builds the app without its finishing steps.
  const usagePass = Boolean(process.env[USAGE_PASS]);
  const vendorSteps =
    command === 'build' && !usagePass ? await measureVendorSteps(path.join(root, 'vite.config.ts')) : new Map<string, string>();
  const finishing = (plugins: PluginOption[]) => (usagePass ? [] : plugins);
  return {
    define: { __APP_VERSION__: JSON.stringify(appVersion), __BUILD_ID__: JSON.stringify(buildId) },
    plugins: [
      mantineStableIds(),
      // The router plugin must run before React's so the split route files are plain modules.
      // A route's loader travels in its page's chunk: what it imports (query options, contracts)
      // stays out of the entry, which the sign-in page loads.
      tanstackRouter({
        ...routerOptions,
        target: 'react',
        codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      }),
      react(),
      ...finishing([
        webAppManifest(),
        inlineMantineDefaultVariables(),
        bootScreens(),
        // For a signed-in visit, every file the page will need is asked for at once (scripts/signed-in-preload.ts).
        signedInPreloadPlugin(),
        VitePWA({
          strategies: 'injectManifest',
          srcDir: 'sw',
          filename: 'sw.ts',
          // The page registers the worker itself (src/client/pwa) to drive the update prompt.
          injectRegister: false,
          manifest: false,
          injectManifest: {
            // Classic script: module service workers are still missing from some browsers in use.
            rollupFormat: 'iife',
            // Not login-background.svg: phones never show it, so they should not download it.
            globPatterns: ['index.html', 'boot.js', 'manifest.webmanifest', 'icons/*.{png,svg}', 'assets/*.{js,css}'],
            manifestTransforms: [shellPrecacheTransform({ outDir, shellSources })],
          },
          devOptions: { enabled: false },
        }),
        // Last: brotli and gzip copies of the built files, service worker included.
        precompressClient(outDir),
      ]),
    ],
    server: {
      port: 5173,
      strictPort: true,
      proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
    },
    preview: { port: 4173 },
    build: {
      outDir,
      emptyOutDir: true,
      // The bundle benchmark and the precache list read what each route loads from here.
      manifest: true,
      target: 'es2022',
      modulePreload: {
        polyfill: false,
        // The entry (src/app/client/main.tsx) starts the app after the first paint. Vite would add
        // a <link rel=modulepreload> per file of the app first, which costs a phone ~200 ms of
        // main thread; the browser finds the same files from the app chunk's imports, one
        // round trip later, while the static sign-in card is already usable.
        // The same for the routes (their lazy components are imported from the router in
        // app-core: the list of every route's files cost the sign-in page 1.5 KB gzip) and for the
        // offline session (persisted cache, outbox, realtime), loaded only for a signed-in user.
        // A route's own imports are then found when its chunk arrives; the router fetches that
        // chunk on intent (hover, focus), and the service worker keeps it after the first visit.
        // For someone signed in, scripts/signed-in-preload.ts asks for all of a page's files at once.
        resolveDependencies: (file, deps, { hostId, hostType }) =>
          hostType === 'js' && (/(^|\/)(index|app-core)-[^/]+\.js$/.test(hostId) || /(^|\/)offline-session-[^/]+\.js$/.test(file))
            ? deps.filter((dep) => dep.endsWith('.css'))
            : deps,
      },
      sourcemap: false,
      rolldownOptions: {
        // The slow callback it reports is the service-worker build, which runs after the bundle on purpose.
        checks: { bundlerTimings: false },
        output: {
          chunkFileNames: chunkFileName,
          codeSplitting: {
            groups: [
              // Long-lived vendor chunks that every page needs, so a deploy of app code does not
              // make phones download them again.
              { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
              {
                name: 'vendor-router',
                test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-store|store)[\\/]/,
                priority: 20,
              },
              // Not query-core's hydration: only the persisted cache (signed in, loaded later) uses it.
              {
                name: 'vendor-query',
                test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/](?!build[\\/]modern[\\/]hydration)/,
                priority: 20,
              },
              // What every signed-in page loads and no signed-out page does, as two files rather than
              // about sixty (scripts/chunk-groups.ts). Its dependencies are not pulled in with it:
              // what the sign-in page shares with it stays in the sign-in page's chunks.
              { name: signedInChunkName, priority: 15, includeDependenciesRecursively: false },
              // The app's start on every page and the signed-in frame's Mantine, a few chunks in place
              // of about seventy (scripts/chunk-groups.ts).
              { name: startChunkNames(vendorSteps), priority: 12, includeDependenciesRecursively: false },
              // Mantine is split by the set of chunks that use each component, so the login page
              // does not carry the components of screens it never shows.
              {
                name: 'vendor-mantine',
                test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|clsx)/,
                priority: 10,
                entriesAware: true,
              },
            ],
          },
        },
      },
    },
  };
});
