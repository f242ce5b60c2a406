// Makes writes safe to retry. The first response to a signed-in POST, PUT or
// DELETE under /api sent with an Idempotency-Key is stored per (user, key) for 30 days and
// replayed to repeats, so a write queued offline lands exactly once however often it is sent.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_RETENTION_DAYS } from '../../shared/constants';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../shared/resource-api';
import type { Db } from '../db/database';
import {
  completeIdempotencyClaim,
  getIdempotencyKey,
  insertIdempotencyClaim,
  releaseIdempotencyClaim,
  takeOverIdempotencyClaim,
  type IdempotencyClaim,
  type StoredIdempotencyKey,
} from './idempotency.queries';

/** An in-flight claim older than this lost its request (crash, lost connection) and may be taken over. */
export const IDEMPOTENCY_STALE_AFTER_MS = 2 * 60_000;
// A claim can be released between our insert and our read; a few rounds settle it.
const CLAIM_ATTEMPTS = 3;
const keyHeader = IDEMPOTENCY_KEY_HEADER.toLowerCase();
const writeMethods = new Set(['POST', 'PUT', 'DELETE']);
// Printable ASCII only: a key is compared byte for byte and may appear in logs.
const keyPattern = /^[\x20-\x7e]{1,200}$/;

type JsonParser = (request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void) => void;

const rawJsonBodies = new WeakMap<FastifyRequest, string>();
const claims = new WeakMap<FastifyRequest, IdempotencyClaim>();

/**
 * Worth replaying: successes and refusals that a retry would get again. 401 (sign in, then
 * retry), 408, 409, 429 and 5xx are passing states, so their claim is released instead.
 */
function isFinalOutcome(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && ![401, 408, 409, 429].includes(status);
}

/** A matched API route, however the caller spelled its path. */
function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (route === '/api' || route.startsWith('/api/'));
}

function requestHash(request: FastifyRequest): string {
  // Multipart (and any body a handler streams) is read after this check, and its boundary
  // changes on every attempt: its length stands in for it.
  const raw = rawJsonBodies.get(request);
  const body = raw === undefined ? `length:${request.headers['content-length'] ?? ''}` : `json:${raw}`;
  // The matched route with its decoded parameters and query, not the URL text: "/api/x" and
  // "/%61pi/x" are one request.
  const target = JSON.stringify([request.routeOptions.url, request.params, request.query]);
  return createHash('sha256').update(`${request.method}\n${target}\n${body}`).digest('hex');
}

/** The one response not written by a route or the error handler: a stored answer, replayed. */
function replay(reply: FastifyReply, stored: StoredIdempotencyKey & { status: number }): FastifyReply {
  reply.code(stored.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (stored.contentType) reply.type(stored.contentType);
  return reply.send(stored.body ?? '');
}

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  // Fastify's own JSON parser, unchanged, except that it keeps the raw text of keyed
  // requests: the same key with another body must be told apart from a retry.
  const parseJson = app.getDefaultJsonParser('error', 'error') as JsonParser;
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.headers[keyHeader] !== undefined) rawJsonBodies.set(request, String(body));
    parseJson(request, String(body), done);
  });

  // Runs after the request context's preHandler, so the session is known.
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[keyHeader];
    // Anonymous callers are ignored: with no user to key on, one caller's stored response
    // (a login's token, say) would be replayed to whoever sent the same key next.
    if (header === undefined || !request.session || !writeMethods.has(request.method) || !isApiRoute(request)) return;
    if (request.routeOptions.config.idempotency === false) return;
    const key = String(header);
    if (!keyPattern.test(key)) {
      throw new AppError('badRequest', { message: 'The Idempotency-Key header must be 1 to 200 printable characters.' });
    }
    const userId = request.session.userId;
    const claim = { userId, key, requestHash: requestHash(request), retentionDays: IDEMPOTENCY_RETENTION_DAYS };
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const claimedAt =
        (await insertIdempotencyClaim(db, claim)) ??
        (await takeOverIdempotencyClaim(db, { ...claim, staleAfterMs: IDEMPOTENCY_STALE_AFTER_MS }));
      if (claimedAt) {
        claims.set(request, { userId, key, claimedAt });
        return;
      }
      const stored = await getIdempotencyKey(db, { userId, key });
      if (!stored) continue;
      if (stored.requestHash !== claim.requestHash) {
        throw new AppError('validation', {
          message: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
        });
      }
      if (stored.state === 'done' && stored.status !== null) return replay(reply, { ...stored, status: stored.status });
      throw new AppError('idempotency_in_flight');
    }
    throw new AppError('idempotency_in_flight');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    // Streams and buffers (downloads) are not kept: a retry simply runs again.
    const storable = payload === undefined || payload === null || typeof payload === 'string';
    try {
      if (storable && isFinalOutcome(reply.statusCode)) {
        const contentType = reply.getHeader('content-type');
        await completeIdempotencyClaim(db, {
          ...claim,
          response: { status: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: payload ?? '' },
        });
      } else {
        await releaseIdempotencyClaim(db, claim);
      }
    } catch (error) {
      // The answer still goes out; the claim turns stale after two minutes and a retry runs again.
      request.log.error({ err: error }, 'Could not record the outcome of an idempotent request.');
    }
    return payload;
  });
}
