// Security headers with a strict Content-Security-Policy that the built app satisfies, and
// rate limiting per client address.
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { isStaticAppRequest } from './static-app';

export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine writes its CSS variables into a <style> element at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Helmet's headers, worked out once: they are the same for every response, and building
 * them per request (as @fastify/helmet does) cost a third of the server's time per request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Where the browser's Ably client connects (REST for tokens and history, WebSocket for events), when Ably is the transport. */
const ABLY_CONNECT_SOURCES = [
  'https://*.ably.io',
  'wss://*.ably.io',
  'https://*.ably.net',
  'wss://*.ably.net',
  'https://*.ably-realtime.com',
  'wss://*.ably-realtime.com',
];

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const connectSrc = config.realtime.ably
    ? [...contentSecurityPolicy.connectSrc, ...ABLY_CONNECT_SOURCES]
    : contentSecurityPolicy.connectSrc;
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { ...contentSecurityPolicy, connectSrc } },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicOrigin?.startsWith('https:') ? { maxAge: 15552000 } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // Decided by the matched route, never the URL text: "/%61pi/login" is "/api/login".
    allowList: (request) => isStaticAppRequest(request),
  });
}
