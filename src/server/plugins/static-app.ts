// Serves the built client: hashed assets cached for a year, the shell files never cached,
// any other non-API path answered with the app's index.html so client routes deep-link.
// Text files go out as the brotli or gzip copies the build wrote beside them (Vary:
// Accept-Encoding), never compressed per request.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error';
import { precompressedEncoding } from '../http/accept-encoding';

const noCacheFiles = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js', 'boot.js']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the built client's file routes: the only routes outside the API rate limit. */
    staticApp?: true;
  }
}

/**
 * The path as the router sees it, percent-escapes decoded: "/%61pi/x" is "/api/x". Decisions
 * about a request are made on this (or on the matched route), never on the raw URL text.
 * A path that does not decode is no page.
 */
export function decodedPath(request: FastifyRequest): string | null {
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** A request the app's shell answers (a page load or one of its files), not the API. */
function wantsPage(request: FastifyRequest): boolean {
  const pathname = decodedPath(request);
  return (request.method === 'GET' || request.method === 'HEAD') && pathname !== null && !isApiPath(pathname);
}

/**
 * True only for the built client's files and client routes answered with the shell: a page
 * load fetches many files at once, so these are outside the per-address API limit. Decided by
 * the matched route, so an API route is limited however its path is spelled, and an unknown
 * API path (a 404) is limited too.
 */
export function isStaticAppRequest(request: FastifyRequest): boolean {
  if (request.routeOptions.config.staticApp === true) return wantsPage(request);
  return request.is404 && wantsPage(request);
}

export async function registerStaticApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexPath);
  if (built) {
    await app.register(async (files) => {
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, staticApp: true };
      });
      await files.register(fastifyStatic, {
        root: distDir,
        wildcard: true,
        index: 'index.html',
        cacheControl: false,
        // The build's .br and .gz copies (scripts/precompress.ts), by the request's Accept-Encoding.
        preCompressed: true,
        setHeaders(reply, filePath) {
          const relative = path.relative(distDir, filePath).split(path.sep).join('/');
          if (relative.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
          else if (noCacheFiles.has(relative)) reply.header('cache-control', 'no-cache');
          else reply.header('cache-control', 'public, max-age=86400');
          if (relative === 'manifest.webmanifest') reply.header('content-type', 'application/manifest+json');
        },
      });
    });
  } else {
    app.log.warn(`No built client in ${distDir}: run "npm run build" to serve the app.`);
  }

  // Unknown paths count against the limit unless the shell answers them (the rate limiter
  // hooks only declared routes by itself).
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const pathname = decodedPath(request) ?? '';
    // A missing hashed asset must not be answered with HTML: the page would try to run it.
    if (!wantsPage(request) || !built || pathname.startsWith('/assets/') || path.extname(pathname) !== '') {
      throw AppError.notFound();
    }
    const encoding = precompressedEncoding(request.headers['accept-encoding']);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (encoding && fs.existsSync(`${indexPath}.${encoding.extension}`)) {
      return reply.header('content-encoding', encoding.name).send(fs.createReadStream(`${indexPath}.${encoding.extension}`));
    }
    return reply.send(fs.createReadStream(indexPath));
  });
}
