import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGES, firstPageOf, ownFirstReads } from '@bjk/domain/first-reads';
import { extractRouteImports, firstRenderImportsOf, namespacesOf } from '../../build/route-manifest';
import { invalidateResources } from '../shared/data/resource';
import { network } from '../test/network';
import { FIRST_READ_PRELOADS, startFirstReads } from './first-reads';
import { routes } from './router';

/** The public page patterns of the route table, walking its nesting as React Router does. */
function routePatterns(table: RouteObject[], base: string): string[] {
  return table.flatMap((route) => {
    const own = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base.replace(/\/$/, '')}/${route.path}`;
    const here = route.index ? [base] : route.path !== undefined && !route.path.endsWith('*') ? [own] : [];
    return [...here, ...routePatterns(route.children ?? [], own)];
  });
}

/** An address of the page at `pattern`, its parameters filled in as a visitor's link would. */
const SAMPLE: Record<string, string> = { slug: 'privacy', id: '7', category: 'U12', round: '3', token: 'tok-123' };
const addressOf = (pattern: string) => pattern.replace(/:([a-z]+)/g, (_, name: string) => SAMPLE[name]!);

const appDir = import.meta.dirname;

/** A relative import's file (`./x` → `./x.ts`, `./x.tsx` or `./x/index.ts`); none for a stylesheet or a package. */
function resolveModule(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((file) => existsSync(file));
}

/**
 * The modules a module loads with it, as the build's chunks do: its static imports (not `import()`, a chunk loaded
 * later) and a lazy part it shows at once (`import(/* first-render *\/ …)`), transitively.
 */
function staticClosure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const source = readFileSync(start, 'utf8');
  const specs = [
    ...[...source.matchAll(/^\s*(?:import|export)\b(?:[^'";]*?\bfrom\s*)?['"](\.[^'"]+)['"]/gm)]
      .filter((m) => !/^\s*import\s+type\b|^\s*export\s+type\b/.test(m[0]))
      .map((m) => m[1]!),
    ...firstRenderImportsOf(source),
  ];
  for (const spec of specs) {
    const file = resolveModule(start, spec);
    if (file) staticClosure(file, seen);
  }
  return seen;
}

/**
 * The text namespaces the build's route manifest names for a page (`build/route-manifest.ts`): those the modules it
 * runs with ask for (`useTranslation`), the entry's included, but `common` (every page's first texts).
 */
function manifestNamespaces(module: string): string[] {
  const namespaces = new Set<string>();
  for (const id of staticClosure(resolveModule(path.join(appDir, 'router.tsx'), module)!))
    for (const ns of namespacesOf(readFileSync(id, 'utf8'))) if (ns !== 'common') namespaces.add(ns);
  return [...namespaces].sort();
}

afterEach(() => {
  invalidateResources('');
  vi.unstubAllGlobals();
});

describe('what a public page reads first, declared once', () => {
  it('declares pages of the route table only, and finds each page by its own address', () => {
    const pages = routePatterns(routes, '/');
    for (const { pattern } of FIRST_PAGES) {
      expect(pages, pattern).toContain(pattern);
      expect(firstPageOf(addressOf(pattern))?.page.pattern, pattern).toBe(pattern);
    }
    expect(Object.keys(FIRST_READ_PRELOADS).filter((pattern) => !FIRST_PAGES.some((p) => p.pattern === pattern))).toEqual([]);
  });

  it.each(FIRST_PAGES.filter((page) => FIRST_READ_PRELOADS[page.pattern]).map((page) => [page.pattern]))(
    'starts at start-up on %s exactly the reads the server puts into the page',
    async (pattern) => {
      network.reset();
      vi.stubGlobal('fetch', network.fetch);
      const address = addressOf(pattern);
      const namespaces = startFirstReads(address, 'fr');
      await vi.waitFor(() => expect(network.requests.length).toBeGreaterThanOrEqual(ownFirstReads(address, 'fr').length));
      const asked = network.requests.map((r) => `${r.path}${r.query.size > 0 ? `?${r.query.toString()}` : ''}`);
      expect(asked.sort()).toEqual(ownFirstReads(address, 'fr').sort());
      expect(namespaces).toEqual(firstPageOf(address)?.page.namespaces ?? []);
    },
  );

  it("declares the text namespaces the build's route manifest preloads for the page, no more, no fewer", () => {
    // The home page's are written into the manifest (the page is in the entry): `content`, as declared.
    expect(FIRST_PAGES.find((page) => page.pattern === '/')?.namespaces).toEqual(['content']);
    const modules = new Map(extractRouteImports(readFileSync(path.join(appDir, 'router.tsx'), 'utf8')).map((r) => [r.pattern, r.module]));
    for (const page of FIRST_PAGES) {
      const module = modules.get(page.pattern);
      if (!module) continue;
      expect([...(page.namespaces ?? [])].sort(), page.pattern).toEqual(manifestNamespaces(module));
    }
    expect(FIRST_PAGES.filter((page) => page.pattern !== '/' && !modules.has(page.pattern)).map((p) => p.pattern)).toEqual([]);
  });

  it('starts nothing on a back-office page', () => {
    network.reset();
    vi.stubGlobal('fetch', network.fetch);
    expect(startFirstReads('/mgmt/reservations', 'nl')).toEqual([]);
    expect(network.requests).toEqual([]);
  });
});
