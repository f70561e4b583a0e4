import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** `path: '…'` entries of a route table's source, in order. */
function pathLiterals(source: string): string[] {
  return [...source.matchAll(/\bpath:\s*(['"])([^'"]*)\1/g)].map((m) => m[2]!);
}

/**
 * The page patterns of the web's route tables, read from their source: the public table's paths (relative to `/`)
 * and the back office's (relative to `/mgmt`), without the catch-alls that show the not-found page. Static, so the
 * build needs no browser; `src/app/routes.test.ts` proves it equals what the route objects themselves declare.
 */
export function extractRoutePatterns(publicSource: string, mgmtSource: string): string[] {
  const absolute = (base: string, p: string) => (p.startsWith('/') ? p : `${base}${p}`);
  const publicPaths = pathLiterals(publicSource)
    .filter((p) => p !== '*' && p !== '/mgmt/*')
    .map((p) => absolute('/', p));
  const mgmtPaths = pathLiterals(mgmtSource)
    .filter((p) => p !== '*')
    .map((p) => absolute('/mgmt/', p));
  // Both tables have an index route: the home page and the dashboard.
  return [...new Set(['/', ...publicPaths, '/mgmt', ...mgmtPaths])];
}

/** Writes `routes.json` (the page patterns) into the build, for the server's 404 of unknown addresses. */
export function routeManifest(): Plugin {
  let root = '.';
  let outDir = 'dist';
  return {
    name: 'bjk-route-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const read = (file: string) => readFileSync(path.join(root, 'src/app', file), 'utf8');
      writeFileSync(path.join(outDir, 'routes.json'), JSON.stringify({ patterns: extractRoutePatterns(read('router.tsx'), read('mgmt-routes.tsx')) }));
    },
  };
}
