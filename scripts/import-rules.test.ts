import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, findCycles, listElementaryCycles } from './import-graph.mjs';

const root = path.resolve(import.meta.dirname, '..');

// A probe file is in no tsconfig, so it is linted without type information (and without the type-checked rules):
// these tests are about the import rules only. A parsing error fails the test instead of passing as "no message".
const withoutTypes = {
  languageOptions: { parserOptions: { project: null, tsconfigRootDir: root } },
  rules: {
    '@typescript-eslint/no-floating-promises': 'off',
    '@typescript-eslint/no-misused-promises': 'off',
    '@typescript-eslint/no-unnecessary-type-assertion': 'off',
  },
} as const;

async function lintAs(file: string, text: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root, overrideConfig: withoutTypes }).lintText(text, { filePath: path.join(root, file) });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal.map((m) => m.message)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId?.startsWith('imports/')).map((m) => m.message);
}

describe('dependencies point one way', () => {
  it('refuses a feature that imports another feature', async () => {
    const messages = await lintAs('apps/web/src/features/audit/Probe.tsx', "import { paymentsApi } from '../payments/api';\nexport const x = paymentsApi;\n");
    expect(messages).toEqual([expect.stringContaining('feature "audit" imports feature "payments"')]);
  });

  it('refuses a feature that imports app/', async () => {
    const messages = await lintAs(
      'apps/web/src/features/audit/Probe.tsx',
      "import { usePublicMenu } from '../../app/public-menu';\nexport const x = usePublicMenu;\n",
    );
    expect(messages).toEqual([expect.stringContaining('imports app/')]);
  });

  it("refuses a module that reads another module's tables, and a module that imports app.ts", async () => {
    const messages = await lintAs(
      'apps/server/src/modules/payments/probe.ts',
      "import { reservations } from '../lodging/lodging.tables.js';\nimport type { buildApp } from '../../app.js';\nexport type X = typeof reservations | typeof buildApp;\n",
    );
    expect(messages).toEqual([expect.stringContaining('reads module "lodging"'), expect.stringContaining('imports app.ts')]);
  });

  it('lets a module use its own tables and another module’s service', async () => {
    const messages = await lintAs(
      'apps/server/src/modules/payments/probe.ts',
      "import { paymentRequests } from './payments.tables.js';\nimport { getCurrentEdition } from '../edition/edition.service.js';\nexport const x = [paymentRequests, getCurrentEdition];\n",
    );
    expect(messages).toEqual([]);
  });

  it('finds a cycle closed by a type-only import, and tells it apart from a runtime one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
    mkdirSync(path.join(dir, 'apps/server/src'), { recursive: true });
    writeFileSync(path.join(dir, 'apps/server/src/a.ts'), "import { b } from './b.js';\nexport type A = number;\nexport const a = b;\n");
    writeFileSync(path.join(dir, 'apps/server/src/b.ts'), "import type { A } from './a.js';\nexport const b: A = 1;\n");
    writeFileSync(path.join(dir, 'apps/server/src/c.ts'), "import { a } from './a.js';\nexport const c = a;\n");
    const graph = buildImportGraph(dir);
    expect(findCycles(graph).map((component) => component.map((file) => path.basename(file)))).toEqual([['a.ts', 'b.ts']]);
    expect(listElementaryCycles(graph)).toHaveLength(1);
    expect(listElementaryCycles(graph, { runtimeOnly: true })).toHaveLength(0);
  });

  it('finds no cycle in this repository', () => {
    expect(findCycles(buildImportGraph(root)).map((component) => component.map((file) => path.relative(root, file)))).toEqual([]);
  });
});
