// Versioned reads: a route whose config says `versionedRead: true` (the team month, the
// absence list) answers with an ETag made of its company's data version (read_versions,
// bumped by every published write: migration 0030) and the caller's own view (user, company,
// departments, permissions, the London date, the URL). A repeat with If-None-Match is a 304;
// another read of an unchanged version is the body computed once, kept here with its brotli
// and gzip forms, and concurrent reads of a new version wait for the one computation. The
// version is read before the body is computed, so a body is never older than its ETag says.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { londonDate } from '../../shared/dates';
import type { Db } from '../db/database';
import { readDataVersion } from './versioned-read.queries';
import type { Session } from '../plugins/request-context';
import { precompressedEncoding } from './accept-encoding';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A signed-in GET answered through the company's data version (ETag, 304, one computation per version). */
    versionedRead?: true;
  }
}

const MAX_ENTRIES = 256;
const COMPRESS_FROM_BYTES = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

type Entry = {
  etag: string;
  body: string | null;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  /** Settles when the computation of this version's body ends (with a body or without). */
  ready: Promise<void>;
};
type Pending = { key: string; entry: Entry; settle: () => void };

/** Digests of frozen permission lists (the authenticator shares one list among a role's requests). */
const permissionDigests = new WeakMap<Session['permissions'], string>();

function permissionsDigest(permissions: Session['permissions']): string {
  const known = permissionDigests.get(permissions);
  if (known) return known;
  const digest = createHash('sha256').update(JSON.stringify(permissions)).digest('base64url');
  if (Object.isFrozen(permissions)) permissionDigests.set(permissions, digest);
  return digest;
}

/** London's date, kept until the next whole UTC hour: London is a whole number of hours off UTC, so its date changes only then. */
let today = { date: '', until: 0 };

function londonToday(): string {
  const now = Date.now();
  if (now >= today.until) today = { date: londonDate(new Date(now)), until: (Math.floor(now / 3_600_000) + 1) * 3_600_000 };
  return today.date;
}

/** Everything of the caller and the request that the body may depend on, hashed. */
function viewKey(request: FastifyRequest, session: Session): string {
  const view = [
    request.url,
    session.userId,
    session.companyId,
    [...session.departmentIds].sort(),
    permissionsDigest(session.permissions),
    londonToday(),
  ];
  return createHash('sha256').update(JSON.stringify(view)).digest('base64url').slice(0, 22);
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const plain = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === plain;
  });
}

/**
 * Brotli at quality 2: for the team month's 46 KB of JSON, 4,317 bytes in 0.27 ms of CPU where
 * quality 4 gave 4,300 in 0.54 ms and 6 about a millisecond (measured on this machine); a body
 * computed afresh is compressed here once, so every answer of its version shares the cost.
 */
function encode(body: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry & { body: string }): FastifyReply {
  reply.type(JSON_TYPE).header('vary', 'authorization, accept-encoding');
  const encoding = entry.body.length >= COMPRESS_FROM_BYTES ? precompressedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(entry.body);
  const bytes = (entry.encoded[encoding.name] ??= encode(entry.body, encoding.name));
  return reply.header('content-encoding', encoding.name).send(bytes);
}

export function registerVersionedReads(app: FastifyInstance, db: Db): void {
  // Least recently used first: a hit moves its entry to the end.
  const cache = new Map<string, Entry>();
  const pending = new WeakMap<FastifyRequest, Pending>();

  const settle = (request: FastifyRequest, body: string | null) => {
    const state = pending.get(request);
    if (!state) return;
    pending.delete(request);
    if (body === null && cache.get(state.key) === state.entry) cache.delete(state.key);
    state.entry.body = body;
    state.settle();
  };

  // After the request context's preHandler: the session is known, the route's access checked.
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.versionedRead !== true || request.method !== 'GET') return;
    const session = request.session;
    if (!session?.companyId) return;
    const key = viewKey(request, session);
    // Read with the session when the authenticator could (before this body is computed either way).
    const version = session.dataVersion ?? (await readDataVersion(db, session.companyId));
    const etag = `W/"${version}-${key}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'authorization');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();

    let entry = cache.get(key);
    if (entry?.etag === etag) {
      await entry.ready;
      if (entry.body !== null) {
        cache.delete(key);
        cache.set(key, entry);
        return sendEntry(request, reply, entry as Entry & { body: string });
      }
      // That computation failed: this request computes for itself.
      return;
    }
    let release = () => undefined as void;
    entry = { etag, body: null, encoded: {}, ready: new Promise<void>((resolve) => (release = resolve)) };
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    pending.set(request, { key, entry, settle: release });
  });

  // Instance-level, so it sees the serialised body before compression does.
  app.addHook('onSend', async (request, reply, payload) => {
    const state = pending.get(request);
    if (!state) return payload;
    const body = reply.statusCode === 200 && typeof payload === 'string' ? payload : null;
    settle(request, body);
    // The body just computed goes out compressed from here too (the compression plugin leaves
    // an answer with its Content-Encoding alone), in the form kept for the next answers.
    if (body === null || body.length < COMPRESS_FROM_BYTES || reply.hasHeader('content-encoding')) return payload;
    const encoding = precompressedEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const bytes = (state.entry.encoded[encoding.name] ??= encode(body, encoding.name));
    reply.header('content-encoding', encoding.name).header('vary', 'authorization, accept-encoding');
    return bytes;
  });
  // A request that ends without a body (aborted, failed before onSend) lets its waiters go.
  app.addHook('onResponse', async (request) => settle(request, null));
  app.addHook('onRequestAbort', async (request) => settle(request, null));
}
