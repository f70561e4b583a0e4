import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importRules } from './scripts/import-rules.mjs';

/** Every visible word is translated: JSX text with letters in a component is an error. */
const noLiteralText = {
  meta: { type: 'problem', messages: { literal: 'Visible text must come from i18n (t()), not a literal: "{{text}}"' } },
  create(context) {
    return {
      JSXText(node) {
        const text = node.value.trim();
        if (/\p{L}/u.test(text)) context.report({ node, messageId: 'literal', data: { text: text.slice(0, 40) } });
      },
    };
  },
};

/**
 * One place for formatting (packages/domain/src/formatting.ts): no `toLocaleString()` in the browser's default
 * language, no literal time zone (the edition's: `settings.timeZone`, `useEdition().timeZone`, `useInstantFormat()`).
 */
const FORMATTING_RULES = [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/][arguments.length=0]',
    message:
      "Format through packages/domain's formatting.ts in the chosen language (formatDateTime, formatNumber; on the web useInstantFormat()), not toLocaleString().",
  },
  {
    selector: "Literal[value='Europe/Brussels']",
    message: "Use the edition's time zone (settings.timeZone; on the web useEdition().timeZone), not a literal.",
  },
];

/**
 * MUI 9 removed the system props: `color="text.secondary"` (a palette path) is ignored by Typography and the text keeps
 * the primary colour; its own values are palette keys (`textSecondary`, `success`). Plain pages use `bjk-secondary`.
 */
const MUI_RULES = [
  {
    selector: "JSXAttribute[name.name='color'][value.value=/\\./]",
    message: 'MUI 9 ignores a palette path in color= (text.secondary, success.main): use its key (textSecondary, success) or sx.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, local: { rules: { 'no-literal-text': noLiteralText } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'local/no-literal-text': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'crypto', property: 'randomUUID', message: 'Use randomId() from shared/random-id: crypto.randomUUID is missing on plain http.' },
      ],
    },
  },
  {
    // The web's data layer: components call their feature's api.ts (query options, key factories, calls), never the
    // HTTP client itself (shared pieces: shared/ui/api.ts).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/http', '**/http'],
              importNames: ['http'],
              message: "Components call their feature's api.ts (or shared/ui/api.ts), not the HTTP client.",
            },
          ],
        },
      ],
    },
  },
  {
    // Dependencies point one way: features apart, app/ on top, the platform below the modules, tables private to
    // their module, no cycles (scripts/import-rules.mjs; `node scripts/import-graph.mjs` lists the cycles).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    plugins: { imports: importRules },
    rules: { 'imports/no-cycle': 'error', 'imports/boundaries': 'error' },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...FORMATTING_RULES, ...MUI_RULES] },
  },
  {
    // One source of "now" in the server's modules: the injected clock (`ctx.clock`, `deps.clock`), so tests fix time
    // and deadlines follow the edition's time zone. Elapsed times and cache ages use performance.now(). Repositories
    // still stamp a row's updatedAt themselves (bookkeeping, not a rule's instant).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Take the time from the injected clock (ctx.clock.now()), not new Date().',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Take the time from the injected clock (ctx.clock.now()); an elapsed time uses performance.now().',
        },
        // A later block's list replaces an earlier one's for the same file: the formatting rules again.
        ...FORMATTING_RULES,
      ],
    },
  },
  {
    // Queries live in the module's repository (docs/architecture.md, the area's checklist): its services hold the
    // rules and transactions and call repository functions; routes call services. For the modules brought into that
    // shape so far; a module joins this list once its last query moved.
    files: ['apps/server/src/modules/{results,games}/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.repository.ts', '**/*.tables.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: "Queries go in the module's <area>.repository.ts; services call its functions." }],
          patterns: [
            {
              group: ['./*.tables.js'],
              allowTypeImports: true,
              message: "Only the module's repository reads its tables; services call the repository's functions.",
            },
          ],
        },
      ],
    },
  },
  {
    // Type-checked rules where a mistake is silent at run time: a promise nobody awaits (its rejection lost, its
    // order undefined), a promise where a void callback is expected (an async form handler's error unhandled), and
    // an assertion the type already guarantees (it hides a later change of the type).
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/server/test/**/*.ts', 'packages/domain/src/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/domain/tsconfig.json', 'tsconfig.tools.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Tests may look into any table to check what a change wrote.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'imports/boundaries': 'off' },
  },
);
