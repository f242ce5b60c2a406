// Builds the client when dist/client is missing or older than any source it is built from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'dist/client/index.html');
const sources = [
  'src',
  'sw',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  // The build's own steps, which vite.config.ts imports.
  'scripts/chunk-graph.ts',
  'scripts/chunk-groups.ts',
  'scripts/mantine-stable-ids.ts',
  'scripts/precompress.ts',
  'scripts/router-options.mjs',
  'scripts/signed-in-preload.ts',
  'package.json',
  'postcss.config.cjs',
];

function newest(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const child of fs.readdirSync(full)) {
    if (child === 'server' || child.endsWith('.test.ts') || child.endsWith('.test.tsx')) continue;
    latest = Math.max(latest, newest(path.join(entry, child)));
  }
  return latest;
}

export function buildIfStale() {
  const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const latest = Math.max(...sources.map(newest));
  if (built && built >= latest) return false;
  console.log(built ? 'Sources changed since the last build: building the client…' : 'Building the client…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`vite build exited with ${result.status ?? result.signal}`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    buildIfStale();
  } catch (error) {
    console.error(`Building the client failed: ${error.message}.`);
    process.exit(1);
  }
}
