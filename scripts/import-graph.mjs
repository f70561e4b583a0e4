// The import graph of the TypeScript sources, for the import rules of `eslint.config.js` and for measuring cycles
// (`node scripts/import-graph.mjs` lists them). Read with TypeScript's parser, so no extra dependency: every
// `import`/`export … from`/`import()` whose target is one of our files (relative, or `@bjk/domain[/x]`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

function resolveSpecifier(rootDir, fromFile, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier === '@bjk/domain') base = path.join(rootDir, 'packages/domain/src/index');
  else if (specifier.startsWith('@bjk/domain/')) base = path.join(rootDir, 'packages/domain/src', specifier.slice('@bjk/domain/'.length));
  else return null;
  base = base.replace(/\.(js|ts|tsx)$/, '');
  for (const extension of EXTENSIONS) if (fs.existsSync(base + extension)) return base + extension;
  return null;
}

/** The imports of one file: `{ specifier, target, typeOnly, line }`, target null when not one of our files. */
export function readImports(rootDir, file, text = fs.readFileSync(file, 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const add = (node, specifier, typeOnly) =>
    found.push({
      specifier,
      target: resolveSpecifier(rootDir, file, specifier),
      typeOnly,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    });
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      // `import { type A, type B }` loads the module at run time only under verbatimModuleSyntax; we count it as type-only.
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((element) => element.isTypeOnly)));
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      add(node, node.moduleSpecifier.text, node.isTypeOnly || (!!named && named.length > 0 && named.every((element) => element.isTypeOnly)));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node, node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Map file → its edges to our files, `{ target, typeOnly }[]` (one edge per target; runtime wins over type-only). */
export function buildImportGraph(rootDir) {
  const graph = new Map();
  for (const root of ROOTS) {
    for (const file of listFiles(path.join(rootDir, root))) {
      const edges = new Map();
      for (const entry of readImports(rootDir, file)) {
        if (!entry.target) continue;
        edges.set(entry.target, (edges.get(entry.target) ?? true) && entry.typeOnly);
      }
      graph.set(
        file,
        [...edges].map(([target, typeOnly]) => ({ target, typeOnly })),
      );
    }
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): each holds one or more cycles. */
export function findCycles(graph, { runtimeOnly = false } = {}) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const edgesOf = (file) => (graph.get(file) ?? []).filter((edge) => !runtimeOnly || !edge.typeOnly).map((edge) => edge.target);
  const strongConnect = (file) => {
    indices.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edgesOf(file)) {
      if (!indices.has(target)) {
        strongConnect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), indices.get(target)));
    }
    if (low.get(file) === indices.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || edgesOf(file).includes(file)) components.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indices.has(file)) strongConnect(file);
  return components;
}

/** Elementary cycles (each once, starting at its smallest file), to count them the way cycle tools list them. */
export function listElementaryCycles(graph, { runtimeOnly = false } = {}) {
  const cycles = [];
  for (const component of findCycles(graph, { runtimeOnly })) {
    const members = new Set(component);
    const edgesOf = (file) => (graph.get(file) ?? []).filter((edge) => members.has(edge.target) && (!runtimeOnly || !edge.typeOnly)).map((edge) => edge.target);
    for (const start of component) {
      const walk = (file, trail) => {
        for (const target of edgesOf(file)) {
          if (target === start) cycles.push([...trail]);
          else if (target > start && !trail.includes(target) && cycles.length < 10_000) walk(target, [...trail, target]);
        }
      };
      walk(start, [start]);
    }
  }
  return cycles;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rootDir = path.resolve(process.argv[2] ?? '.');
  const graph = buildImportGraph(rootDir);
  const all = listElementaryCycles(graph);
  const runtime = listElementaryCycles(graph, { runtimeOnly: true });
  const show = (file) => path.relative(rootDir, file);
  console.log(
    `${graph.size} files; cycles: ${all.length} in all, ${runtime.length} through runtime imports only, ${all.length - runtime.length} needing a type-only import`,
  );
  for (const cycle of all)
    console.log(`  ${runtime.some((r) => r.join() === cycle.join()) ? 'runtime  ' : 'type-only'} ${[...cycle, cycle[0]].map(show).join(' → ')}`);
}
