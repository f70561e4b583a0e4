import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PLATFORM_ERRORS } from '@bjk/domain';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` and the build markers never
 * cached, and the app's HTML for every other path without a file extension (history fallback) so the
 * client router can show the page, or its own "Page Not Found". API paths never get the HTML.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : null;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each asset (apps/web/build/precompress.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const relative = path.relative(webDist, filePath).split(path.sep).join('/');
        if (relative.startsWith('assets/')) res.header('cache-control', IMMUTABLE);
        else if (relative === 'index.html' || relative.startsWith('builds/')) res.header('cache-control', REVALIDATE);
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
    if (wantsPage) {
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ code: PLATFORM_ERRORS.notFound, message: `Not found: ${pathname}` });
  });
}
