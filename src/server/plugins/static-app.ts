// Serves the built client: hashed assets cached for a year, the shell files never cached,
// any other non-API path answered with the app's index.html so client routes deep-link.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';

const noCacheFiles = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js', 'boot.js']);

export async function registerStaticApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(distDir, filePath).split(path.sep).join('/');
        if (relative.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (noCacheFiles.has(relative)) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=86400');
        if (relative === 'manifest.webmanifest') reply.header('content-type', 'application/manifest+json');
      },
    });
  } else {
    app.log.warn(`No built client in ${distDir}: run "npm run build" to serve the app.`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
    // A missing hashed asset must not be answered with HTML: the page would try to run it.
    if (!wantsPage || !built || url.startsWith('/assets/') || path.extname(url) !== '') {
      throw AppError.notFound();
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexPath));
  });
}
