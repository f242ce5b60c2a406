// `npm start`: build the client if it is missing or stale (not when CLIENT_DIST_DIR points the
// server at another folder) and the server likewise, then run the server built to JavaScript
// (dist/server/main.mjs) in this process, so Ctrl-C reaches it directly. A failed build ends
// in one line saying what to do.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { buildServerIfStale, serverOutFile } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (path.resolve(process.env.CLIENT_DIST_DIR || 'dist/client') === path.join(root, 'dist/client')) {
  try {
    buildIfStale();
  } catch (error) {
    console.error(
      `Stafflane could not start: building the client failed (${error.message}). Run "npm run build" to see why, or set CLIENT_DIST_DIR to a built client.`,
    );
    process.exit(1);
  }
}
try {
  await buildServerIfStale();
} catch (error) {
  console.error(`Stafflane could not start: building the server failed (${error.message}). Run "npm run build" to see why.`);
  process.exit(1);
}
await import(pathToFileURL(serverOutFile).href);
