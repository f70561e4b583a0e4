import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PLATFORM_ERRORS } from '@bjk/domain';
import { isKnownPage } from '@bjk/domain/web-routes';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The page patterns the build wrote from the web's route tables (apps/web/build/route-manifest.ts); null when absent. */
function readPagePatterns(webDist: string): string[] | null {
  const file = path.join(webDist, 'routes.json');
  if (!existsSync(file)) return null;
  const { patterns } = JSON.parse(readFileSync(file, 'utf8')) as { patterns: string[] };
  return patterns;
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` and the build markers never
 * cached, and the app's HTML for every other path without a file extension (history fallback) so the
 * client router can show the page — with status 404 when the address is none of the web's routes, so the
 * app's "Page Not Found" is a real not-found for browsers, crawlers and link checkers. API paths never get the HTML.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : null;
  const pagePatterns = readPagePatterns(webDist);

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
      const status = pagePatterns && !isKnownPage(pagePatterns, pathname) ? 404 : 200;
      return reply.status(status).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ code: PLATFORM_ERRORS.notFound, message: `Not found: ${pathname}` });
  });
}
