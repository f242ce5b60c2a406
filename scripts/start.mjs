// `npm start`: build the client if it is missing or stale (not when CLIENT_DIST_DIR points the
// server at another folder), then run the server in this process (TypeScript through tsx), so
// Ctrl-C reaches it directly. A failed build ends in one line saying what to do.
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { buildIfStale } from './build-if-stale.mjs';

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
register();
await import('../src/server/main.ts');
