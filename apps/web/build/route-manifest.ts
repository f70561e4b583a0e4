import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

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

/**
 * Writes `routes.json` into the build: the page patterns (for the server's 404 of unknown addresses) and, per public
 * page, the chunks its first render needs beyond the entry's (its lazy chunk, what that imports, MUI's theme provider, the query provider),
 * the stylesheets those chunks import, and the text namespaces its code asks for (`common` aside, every page's; the page's
 * first-read declaration names the same, `src/app/first-reads.test.ts`), with each namespace's chunk per
 * language. The server names them in the page's HTML as `<link rel="modulepreload">` and `<link rel="preload"
 * as="style">` (apps/server/src/platform/web-app.ts): the browser fetches them with the entry instead of one round
 * trip after another as the modules discover them.
 */
export function routeManifest(): Plugin {
  let root = '.';
  let outDir = 'dist';
  let pages: PagePreload[] = [];
  let locales: Record<string, Record<string, string>> = {};
  return {
    name: 'bjk-route-manifest',
    apply: 'build',
    // After Vite's CSS plugin: it removes the empty JavaScript chunk of a CSS file that several lazy chunks import
    // (and drops it from their `imports`); read earlier, a page would name that deleted file as a preload (a 404).
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const withoutExtension = (file: string) => file.replace(/\.[a-z]+$/, '');
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [withoutExtension(c.facadeModuleId!), c]));
      const closure = (start: Rollup.OutputChunk) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const sources = new Map<string, string[]>();
      const firstRenderImports = (id: string): string[] => {
        if (!id.startsWith(path.join(root, 'src')) || !/\.tsx?$/.test(id)) return [];
        let found = sources.get(id);
        if (!found) sources.set(id, (found = firstRenderImportsOf(readFileSync(id, 'utf8'))));
        return found;
      };
      const loaded = closure(entry);
      const srcDir = path.join(root, 'src');
      /** The modules `starts` import statically, transitively (what their chunks and the entry's run with them). */
      const moduleClosure = (starts: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        starts.forEach(visit);
        return seen;
      };
      const entryStyles = new Set([...loaded].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]));
      const appDir = path.join(root, 'src/app');
      const queryProvider = byModule.get(path.join(root, 'src/shared/query/QueryProvider'));
      // A lazy page renders inside MUI's theme (`lazyPage`, unless `mui: false`), which the entry does not carry (decision 0003).
      const muiProvider = byModule.get(path.join(root, 'src/shared/theme/MuiProvider'));
      // The home page is in the entry; its organisers' texts are the `content` namespace (as main.tsx loads them).
      pages = [{ pattern: '/', chunks: [], styles: [], namespaces: ['content'] }];
      for (const route of extractRouteImports(readFileSync(path.join(appDir, 'router.tsx'), 'utf8'))) {
        const chunk = byModule.get(path.resolve(appDir, route.module));
        if (!chunk) continue;
        const files = new Set(closure(chunk));
        if (route.mui && muiProvider) for (const f of closure(muiProvider)) files.add(f);
        if (route.queries && queryProvider) for (const f of closure(queryProvider)) files.add(f);
        // A lazy part the page shows at once (a wizard's first step) is marked `import(/* first-render */ '…')`.
        const starts = [chunk.facadeModuleId!];
        for (const file of [...files]) {
          for (const id of byFile.get(file)?.moduleIds ?? []) {
            for (const spec of firstRenderImports(id)) {
              const part = byModule.get(withoutExtension(path.resolve(path.dirname(id), spec)));
              if (part) for (const f of closure(part)) files.add(f);
              if (part?.facadeModuleId) starts.push(part.facadeModuleId);
            }
          }
        }
        const own = [...files].filter((f) => !loaded.has(f));
        // The texts its modules ask for, those the entry carries included (a part of the shell the page shows):
        // module by module, not chunk by chunk (the entry's chunk holds every page's shared parts).
        const namespaces = new Set<string>();
        for (const id of moduleClosure(starts))
          if (id.startsWith(srcDir)) for (const ns of namespacesOf(this.getModuleInfo(id)?.code ?? '')) namespaces.add(ns);
        // Every page's first texts (`main.tsx`).
        namespaces.delete('common');
        // The page's own stylesheets (a plain page's CSS): Vite's loader fetches them only once the chunk has run.
        const styles = new Set<string>();
        for (const file of own) for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) if (!entryStyles.has(css)) styles.add(`/${css}`);
        pages.push({ pattern: route.pattern, chunks: own.map((f) => `/${f}`), styles: [...styles], namespaces: [...namespaces].sort() });
      }
      locales = {};
      const localesDir = path.join(root, 'src/locales');
      for (const chunk of chunks) {
        const id = chunk.facadeModuleId;
        if (!id?.startsWith(localesDir) || !id.endsWith('.json')) continue;
        const [language, file] = path.relative(localesDir, id).split(path.sep) as [string, string];
        (locales[language] ??= {})[file.replace(/\.json$/, '')] = `/${chunk.fileName}`;
      }
    },
    closeBundle() {
      const read = (file: string) => readFileSync(path.join(root, 'src/app', file), 'utf8');
      const manifest: RouteManifest = { patterns: extractRoutePatterns(read('router.tsx'), read('mgmt-routes.tsx')), pages, locales };
      writeFileSync(path.join(outDir, 'routes.json'), JSON.stringify(manifest));
    },
  };
}

/** The chunks, stylesheets and text namespaces one page needs at first render, beyond what `index.html` already loads. */
export type PagePreload = { pattern: string; chunks: string[]; styles: string[]; namespaces: string[] };
/** What `routes.json` holds: the page patterns, each page's preloads, and every text namespace's chunk per language. */
export type RouteManifest = { patterns: string[]; pages: PagePreload[]; locales: Record<string, Record<string, string>> };

/** A public route's lazily imported module, and whether `lazyPage` wraps it in the query provider and MUI's theme. */
export type RouteImport = { pattern: string; module: string; queries: boolean; mui: boolean };

/** The providers a `lazyPage(…)` call's options leave on (both unless `queries: false`, `mui: false`). */
function wrappers(call: string): { queries: boolean; mui: boolean } {
  return { queries: !/queries:\s*false/.test(call), mui: !/mui:\s*false/.test(call) };
}

/**
 * Each public route's lazily imported module (relative to `src/app`) and whether it is wrapped in the query
 * provider and in MUI's theme, read from the route table's source: `{ path: 'x', element: lazyPage(() => import('…'), …) }`, or a
 * helper of the same file (`contentPage('stay')`) whose body has the import.
 */
export function extractRouteImports(publicSource: string): RouteImport[] {
  const helpers = new Map<string, Omit<RouteImport, 'pattern'>>();
  for (const m of publicSource.matchAll(/function (\w+)\([^)]*\)[^{]*\{([\s\S]*?)\n\}/g)) {
    const imported = /import\('([^']+)'\)/.exec(m[2]!)?.[1];
    if (imported) helpers.set(m[1]!, { module: imported, ...wrappers(m[2]!) });
  }
  const found: RouteImport[] = [];
  // A route object on one line or, as the formatter wraps a long one, over several: its element runs to the end of
  // the object (the first `}` that ends a line, after an optional comma).
  for (const m of publicSource.matchAll(/\{\s*path:\s*'([^'*]+)',\s*element:\s*/g)) {
    const p = m[1]!;
    const rest = publicSource.slice(m.index + m[0].length);
    const end = /\}\s*,?[ \t]*(\n|$)/.exec(rest);
    const element = end ? rest.slice(0, end.index) : rest;
    const direct = /^lazyPage\(\(\) => import\('([^']+)'\)/.exec(element);
    const helper = /^(\w+)\(/.exec(element)?.[1];
    const target = direct ? { module: direct[1]!, ...wrappers(element) } : helper ? helpers.get(helper) : undefined;
    if (target) found.push({ pattern: p.startsWith('/') ? p : `/${p}`, ...target });
  }
  return found;
}

/** The text namespaces a module's code asks for with `useTranslation` (the error texts only when asked for beside others). */
export function namespacesOf(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']+'|"[^"]+")/g)) {
    const list = [...m[1]!.matchAll(/['"]([^'"]+)['"]/g)].map((s) => s[1]!);
    for (const ns of list) if (ns !== 'errors' || list.length > 1) found.add(ns);
  }
  return [...found];
}

/** The modules a source imports lazily but shows at once: `import(/* first-render *\/ './wizard/IntroStep')`. */
export function firstRenderImportsOf(source: string): string[] {
  return [...source.matchAll(/import\(\s*\/\*\s*first-render\s*\*\/\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
}
