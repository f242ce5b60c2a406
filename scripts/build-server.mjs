// Builds the server to JavaScript (dist/server/main.mjs) with esbuild: `npm start` runs that,
// not TypeScript compiled at run time. The app's own sources are bundled into one file; npm
// packages stay imports of node_modules. Run by `npm run build`, and by `npm start` when a
// server source is newer than the build.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const serverOutFile = path.join(root, 'dist/server/main.mjs');
const sources = ['src/server', 'src/modules', 'src/shared', 'package.json', 'scripts/build-server.mjs'];

function newest(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) {
    if (child === 'client' || /\.test\.tsx?$/.test(child)) continue;
    latest = Math.max(latest, newest(path.join(entry, child)));
  }
  return latest;
}

export async function buildServer() {
  // Loaded only to build: a start with an up-to-date build does not pay for it.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: serverOutFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

export async function buildServerIfStale() {
  const built = fs.existsSync(serverOutFile) ? fs.statSync(serverOutFile).mtimeMs : 0;
  if (built && built >= Math.max(...sources.map(newest))) return false;
  await buildServer();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await buildServer();
  } catch (error) {
    console.error(`Building the server failed: ${error.message}`);
    process.exit(1);
  }
}
