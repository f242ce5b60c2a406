// GET /api/batch (src/shared/batch-read.contract.ts): several reads in one request. Each read is
// replayed through the app's own router (Fastify's inject) as a GET with the caller's bearer
// token and address, so it passes its route's rate limit, session check, permission, tenant
// scoping and handler exactly as it would alone, and its answer (data or refusal) is that
// route's. The batch itself only needs a session; it grants nothing the reads would not.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error';
import { BATCH_READ_PATH, BatchReadQuerySchema, type BatchAnswer, type BatchReadResponse } from '../../shared/batch-read.contract';
import { parseInput } from './validate';

/** Only the origin of the parsed address: a read naming another host or leaving /api is refused. */
const BASE = 'http://batch.invalid';

/** The read's address as its own request would have it, or null when it is not one of this API's reads. */
function apiReadAddress(read: string): string | null {
  const url = new URL(read, BASE);
  if (url.origin !== BASE || !url.pathname.startsWith('/api/') || url.pathname === BATCH_READ_PATH) return null;
  return `${url.pathname}${url.search}`;
}

/** The headers a read of the API client carries that a route may read: who is asking, from what. */
function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity' };
  for (const name of ['authorization', 'user-agent', 'accept-language'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

async function replay(app: FastifyInstance, request: FastifyRequest, url: string): Promise<BatchAnswer> {
  const response = await app.inject({ method: 'GET', url, headers: forwardedHeaders(request), remoteAddress: request.ip });
  const json = String(response.headers['content-type'] ?? '').startsWith('application/json') && response.body !== '';
  // As the client reads a body: JSON, or nothing.
  return json ? { status: response.statusCode, body: response.json<unknown>() } : { status: response.statusCode };
}

export function registerBatchRead(app: FastifyInstance): void {
  app.get(BATCH_READ_PATH, { config: { access: 'authenticated' } }, async (request): Promise<BatchReadResponse> => {
    const { read } = parseInput(BatchReadQuerySchema, request.query);
    const urls = read.map(apiReadAddress);
    const refused = urls.findIndex((url) => url === null);
    if (refused !== -1) throw AppError.validation({ [`read.${refused}`]: ['Each read must be a GET of this API, not a batch.'] });
    return { answers: await Promise.all(urls.map((url) => replay(app, request, url as string))) };
  });
}
