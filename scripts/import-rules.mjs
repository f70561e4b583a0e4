// ESLint rules that keep dependencies pointing one way (ARCHITECTURE.md: features do not import each other, a module
// reads only its own tables, no import cycles). Used by `eslint.config.js`; the graph comes from `import-graph.mjs`.
import path from 'node:path';
import { buildImportGraph, findCycles, readImports } from './import-graph.mjs';

const rootDir = path.resolve(import.meta.dirname, '..');
const relative = (file) => path.relative(rootDir, file).split(path.sep).join('/');

/** Why `from` may not import `to` (both repository-relative), or null when it may. */
export function boundaryViolation(from, to) {
  const feature = (file) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
  const module = (file) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
  if (feature(from) && feature(to) && feature(from) !== feature(to)) {
    return `feature "${feature(from)}" imports feature "${feature(to)}": move what both need to shared/`;
  }
  if (feature(from) && to.startsWith('apps/web/src/app/')) return 'a feature imports app/: app/ composes the features, not the other way round';
  if (from.startsWith('apps/web/src/shared/') && (feature(to) || to.startsWith('apps/web/src/app/'))) return 'shared/ imports a feature or app/';
  if (from.startsWith('apps/server/src/platform/') && module(to))
    return 'the platform imports a module: modules build on the platform, not the other way round';
  const ownTables = /^apps\/server\/src\/modules\/([^/]+)\/[^/]*\.(tables|repository)\.ts$/.exec(to);
  if (ownTables && module(from) && module(from) !== ownTables[1]) {
    return `module "${module(from)}" reads module "${ownTables[1]}"'s tables: call its service instead`;
  }
  if (module(from) && to === 'apps/server/src/app.ts') return 'a module imports app.ts: take what it needs from platform/app-deps.ts';
  return null;
}

const boundaries = {
  meta: { type: 'problem', messages: { boundary: '{{reason}}' }, schema: [] },
  create(context) {
    const from = relative(context.filename);
    return {
      Program(node) {
        for (const entry of readImports(rootDir, context.filename, context.sourceCode.text)) {
          if (!entry.target) continue;
          const reason = boundaryViolation(from, relative(entry.target));
          if (reason) context.report({ node, loc: { line: entry.line, column: 0 }, messageId: 'boundary', data: { reason } });
        }
      },
    };
  },
};

// The graph is built once per lint run (a few hundred files parsed, well under a second).
let cycleMembers;
function componentOf(file) {
  if (!cycleMembers) {
    cycleMembers = new Map();
    for (const component of findCycles(buildImportGraph(rootDir))) for (const member of component) cycleMembers.set(member, component);
  }
  return cycleMembers.get(file);
}

const noCycle = {
  meta: { type: 'problem', messages: { cycle: 'This import closes a cycle ({{files}}); type-only imports count too' }, schema: [] },
  create(context) {
    return {
      Program(node) {
        const component = componentOf(context.filename);
        if (!component) return;
        const members = new Set(component);
        for (const entry of readImports(rootDir, context.filename, context.sourceCode.text)) {
          if (entry.target && members.has(entry.target)) {
            context.report({ node, loc: { line: entry.line, column: 0 }, messageId: 'cycle', data: { files: component.map(relative).join(', ') } });
          }
        }
      },
    };
  },
};

export const importRules = { rules: { boundaries, 'no-cycle': noCycle } };
