// The server as `npm run build` writes it (scripts/build-server.mjs), for the tests that start
// it as a process the way an operator does: no TypeScript compiled at each start (tsx spent
// about 4.7 CPU seconds per start, the bundle under one).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');

/** The built server's entry, relative to the project's root. */
export const BUILT_SERVER = 'dist/server/main.mjs';

/** Builds the server bundle when a source is newer than it, under the lock other builds take. */
export async function buildServerIfStale(): Promise<void> {
  await promisify(execFile)(
    'flock',
    [
      '/tmp/stafflane-build.lock',
      process.execPath,
      '--input-type=module',
      '-e',
      "await (await import('./scripts/build-server.mjs')).buildServerIfStale()",
    ],
    { cwd: root },
  );
}
