import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.join(import.meta.dirname, '..');

/** The file an import of `from` names: `x` as x.ts, x.tsx or x/index.ts(x); null for a package or a stylesheet. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** lazy-part.ts loads MUI's theme and the query provider for a part that asks (`{ mui: true }`, `{ queries: true }`). */
const LAZY_PART = path.join(src, 'shared/lazy-part.ts');

/**
 * Every package a module and the modules it imports (statically or lazily) import, with the module importing it; a
 * lazy part that asks for MUI's theme or the query provider counts as importing them.
 */
function packagesOf(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const from = path.relative(src, file);
    for (const [, specifier] of code.matchAll(/(?:from\s+|import\s*\(\s*(?:\/\*[^*]*\*\/\s*)?|^import\s+)'([^']+)'/gm)) {
      const next = resolve(file, specifier!);
      // Its providers load only for a part that asks: that is checked where the part is declared, below.
      if (next && file === LAZY_PART && /\/(MuiProvider|QueryProvider)\.tsx$/.test(next)) continue;
      if (next) visit(next);
      else if (!specifier!.startsWith('.')) packages.set(specifier!, from);
    }
    if (/lazy(?:Part|Page)\([^;]*\bmui: true/.test(code)) packages.set('@mui/material (a lazy part with { mui: true })', from);
    if (/lazy(?:Part|Page)\([^;]*\bqueries: true/.test(code)) packages.set('@tanstack/react-query (a lazy part with { queries: true })', from);
  };
  visit(path.join(src, entry));
  return packages;
}

// One UI system and one data cache on the public site (issue #25, decision 0019): the wizards, every step of them,
// are drawn with the plain kit and call the server through their api.ts, so a phone downloads neither MUI nor
// TanStack Query for them. e2e/budget.spec.ts and the wizards' specs check the drawn pages; this names the import.
describe('the public wizards', () => {
  for (const entry of ['features/enrolment/RegistrationWizard.tsx', 'features/lodging/ReservationWizardPage.tsx']) {
    it(`${entry} and what it loads import no MUI, no emotion and no TanStack Query`, () => {
      const offending = [...packagesOf(entry)].filter(([name]) => /^@mui\/|^@emotion\/|^@tanstack\//.test(name));
      expect(offending.map(([name, file]) => `${file} imports ${name}`)).toEqual([]);
    });
  }
});
