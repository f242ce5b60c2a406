// Compressed API responses: JSON and text over 1 KB go out as brotli or gzip to a client that
// accepts them (Vary: Accept-Encoding). Hooked per route, so every platform onSend hook (the
// idempotency store among them) has seen the plain body first, and a replay is compressed
// like the first answer. The built client's files are compressed at build time instead
// (static-app.ts); a route that sets Content-Encoding itself (a cached compressed body) is
// left alone, and so are binary downloads, zips and WebSocket upgrades.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;
/** JSON, text (not event streams), XML; not octet-stream, which is a file's bytes. */
const compressibleTypes = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|^application\/(csv|javascript)(?:;|$)/u;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: compressibleTypes,
    // Fast settings: an answer must not wait on its compression.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies stay plain: a compressed upload is refused by the body parsers as before.
    requestEncodings: ['gzip'],
    globalDecompression: false,
  });
}
