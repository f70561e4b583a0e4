import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PLATFORM_ERRORS } from '@bjk/domain';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@bjk/domain/languages';
import { isKnownPage, matchesRoutePattern } from '@bjk/domain/web-routes';
import { pageDataScript, pageReads, readPageData, showsMissing } from './page-data.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The chunks, stylesheets and text namespaces one page's first render needs beyond what `index.html` loads (apps/web/build/route-manifest.ts). */
type PagePreload = { pattern: string; chunks: string[]; styles?: string[]; namespaces: string[] };
type RouteManifest = { patterns: string[]; pages?: PagePreload[]; locales?: Record<string, Record<string, string>> };

/** What the build wrote from the web's route tables (`routes.json`); null when absent. */
function readRouteManifest(webDist: string): RouteManifest | null {
  const file = path.join(webDist, 'routes.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as RouteManifest;
}

/** The language the web app will start in for a first visit, as it decides (`detectLanguage`): the browser's first supported one. */
export function languageOfRequest(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(';')[0]!.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The page's HTML with `<link rel="modulepreload">` for what its first render loads after the entry: the page's own
 * chunks and its texts in the visitor's likely language; its stylesheets as `<link rel="preload" as="style">`. Without them the browser discovers each one only when the
 * module before it has run, one round trip after another on a phone (Largest Contentful Paint). A visitor whose
 * stored language choice differs downloads a few kB of unused texts, nothing breaks.
 */
function pageHtmlWithPreloads(indexHtml: string, manifest: RouteManifest | null, pathname: string, language: Language): string {
  const page = manifest?.pages?.find((p) => matchesRoutePattern(p.pattern, pathname));
  const texts = manifest?.locales?.[language] ?? {};
  const hrefs = [...(page?.chunks ?? []), ...['common', ...(page?.namespaces ?? [])].flatMap((ns) => (texts[ns] ? [texts[ns]] : []))];
  const links = hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  // The page's own CSS, which Vite's loader asks for only after the chunk has run (then from the cache).
  const styles = (page?.styles ?? []).map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`).join('');
  return indexHtml.replace('</head>', `${links}${styles}</head>`);
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` and the build markers never
 * cached, and the app's HTML for every other path without a file extension (history fallback) so the
 * client router can show the page — with status 404 when the address is none of the web's routes, so the
 * app's "Page Not Found" is a real not-found for browsers, crawlers and link checkers. API paths never get the HTML.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const manifest = readRouteManifest(webDist);
  const pagePatterns = manifest?.patterns ?? null;
  /** Each page pattern's HTML per language, made once, cut where the page's data goes (before `</body>`). */
  const pageHtml = new Map<string, [string, string]>();
  const htmlFor = async (pathname: string, language: Language): Promise<{ html: string; missing: boolean }> => {
    const pattern = manifest?.pages?.find((p) => matchesRoutePattern(p.pattern, pathname))?.pattern ?? '';
    const key = `${language} ${pattern}`;
    let parts = pageHtml.get(key);
    if (!parts) {
      const html = pageHtmlWithPreloads(indexHtml!, manifest, pathname, language);
      const cut = html.lastIndexOf('</body>');
      pageHtml.set(key, (parts = cut < 0 ? [html, ''] : [html.slice(0, cut), html.slice(cut)]));
    }
    const data = await readPageData(app, pageReads(pathname, language), language);
    return { html: `${parts[0]}${pageDataScript(data)}${parts[1]}`, missing: showsMissing(pathname, language, data) };
  };

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
        // The service worker and the manifest: a deploy must reach installed apps at once.
        else if (relative === 'index.html' || relative.startsWith('builds/') || relative === 'sw.js' || relative === 'manifest.webmanifest')
          res.header('cache-control', REVALIDATE);
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
    if (wantsPage) {
      const { html, missing } = await htmlFor(pathname, languageOfRequest(request.headers['accept-language']));
      const status = (pagePatterns && !isKnownPage(pagePatterns, pathname)) || missing ? 404 : 200;
      return reply.status(status).header('cache-control', REVALIDATE).header('vary', 'accept-language').type('text/html; charset=utf-8').send(html);
    }
    return reply.status(404).send({ code: PLATFORM_ERRORS.notFound, message: `Not found: ${pathname}` });
  });
}
