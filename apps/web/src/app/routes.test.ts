import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isKnownPage } from '@bjk/domain/web-routes';
import { extractRouteImports, extractRoutePatterns, firstRenderImportsOf, namespacesOf } from '../../build/route-manifest';
import { mgmtRoutes } from './mgmt-routes';
import { routes } from './router';

/** The page patterns the route objects declare, walking their nesting as React Router does. */
function declaredPatterns(table: RouteObject[], base: string): string[] {
  return table.flatMap((route) => {
    const own = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base.replace(/\/$/, '')}/${route.path}`;
    const here = route.index ? [base] : route.path !== undefined && !route.path.endsWith('*') ? [own] : [];
    return [...here, ...declaredPatterns(route.children ?? [], own)];
  });
}

const source = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');

describe('the page addresses the server knows', () => {
  it("are exactly the routes of the web's tables, read by the build from their source", () => {
    const declared = [...declaredPatterns(routes, '/'), ...declaredPatterns(mgmtRoutes, '/mgmt')];
    expect(new Set(extractRoutePatterns(source('router.tsx'), source('mgmt-routes.tsx')))).toEqual(new Set(declared));
  });

  it('take every page of the site and no made-up address', () => {
    const patterns = extractRoutePatterns(source('router.tsx'), source('mgmt-routes.tsx'));
    for (const known of [
      '/',
      '/stay',
      '/news/12',
      '/page/privacy',
      '/payment/abc',
      '/registration_bjk',
      '/mgmt',
      '/mgmt/reservations',
      '/mgmt/reservation_edit/',
      '/trn_u8',
      '/trn_u20',
      '/mgmt/upload_json',
    ]) {
      expect(isKnownPage(patterns, known), known).toBe(true);
    }
    for (const unknown of ['/nope', '/stay/extra', '/news/1/2', '/mgmt/nope', '/registration_bjk2', '/trn_u9']) {
      expect(isKnownPage(patterns, unknown), unknown).toBe(false);
    }
  });
});

describe('the preloads the build names per page', () => {
  it('know the lazy module of every public page but the home page', () => {
    const publicPatterns = extractRoutePatterns(source('router.tsx'), source('mgmt-routes.tsx')).filter((p) => p !== '/' && !p.startsWith('/mgmt'));
    const imports = extractRouteImports(source('router.tsx'));
    expect(imports.map((i) => i.pattern)).toEqual(publicPatterns);
    expect(imports.find((i) => i.pattern === '/stay')).toEqual({ pattern: '/stay', module: '../features/content/ContentPage', queries: false, mui: false });
    expect(imports.find((i) => i.pattern === '/trn_u12')).toEqual({
      pattern: '/trn_u12',
      module: '../features/results/CategoryPage',
      queries: false,
      mui: false,
    });
    expect(imports.find((i) => i.pattern === '/schedule')).toEqual({
      pattern: '/schedule',
      module: '../features/content/SchedulePage',
      queries: false,
      mui: false,
    });
  });

  it('take a lazy part the page shows at once when its import is marked first-render', () => {
    const wizard = readFileSync(path.join(import.meta.dirname, '../features/enrolment/RegistrationWizard.tsx'), 'utf8');
    expect(firstRenderImportsOf(wizard)).toEqual(['./wizard/IntroStep']);
    expect(firstRenderImportsOf(`lazy(() => import('./A')); lazy(() => import( /* first-render */ "./B"))`)).toEqual(['./B']);
  });

  it('read the text namespaces a module asks for', () => {
    expect(namespacesOf(`const { t } = useTranslation('results'); useTranslation(["lodging", "errors"]); useTranslation('errors')`)).toEqual([
      'results',
      'lodging',
      'errors',
    ]);
    expect(namespacesOf(`useTranslation('errors')`)).toEqual([]);
  });
});
