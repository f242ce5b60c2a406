// A Vite plugin that writes a brotli (.br) and a gzip (.gz) copy of every text file of the
// built client once the build (and the service worker's) is done, so the server sends
// compressed bytes without compressing anything per request (@fastify/static's preCompressed).
// Every text file gets both, however small, except the service worker: it is fetched again
// on every update check and must be its bytes on disk, so the server compresses it per
// request (a copy written beside it would go stale when it is replaced in place).
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const textFile = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

function textFiles(dir: string, root = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : textFiles(full, root);
    return textFile.test(entry.name) && !(entry.name === 'sw.js' && dir === root) ? [full] : [];
  });
}

export function precompressFiles(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const figures = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of textFiles(dir)) {
    const content = fs.readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, gzip);
    figures.files += 1;
    figures.bytes += content.length;
    figures.brotli += brotli.length;
    figures.gzip += gzip.length;
  }
  return figures;
}

/** Runs after every other closeBundle hook (the service worker is built in one). */
export function precompressClient(outDir: string): Plugin {
  return {
    name: 'stafflane:precompress',
    apply: 'build',
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        if (fs.existsSync(outDir)) precompressFiles(outDir);
      },
    },
  };
}
