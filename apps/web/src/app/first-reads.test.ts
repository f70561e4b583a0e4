import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGES, firstPageOf, ownFirstReads } from '@bjk/domain/first-reads';
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

  it('starts nothing on a back-office page', () => {
    network.reset();
    vi.stubGlobal('fetch', network.fetch);
    expect(startFirstReads('/mgmt/reservations', 'nl')).toEqual([]);
    expect(network.requests).toEqual([]);
  });
});
