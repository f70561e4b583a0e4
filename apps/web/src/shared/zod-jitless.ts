/**
 * zod without its `new Function` fast path: the content security policy forbids eval, and zod's probe for it
 * is reported by browsers as a policy issue. zod reads its configuration from this global when it first loads
 * (`zod/v4/core/core.js`), so setting it here costs no zod code in the first bundle. Imported first by main.tsx.
 */
const target = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
target.__zod_globalConfig = { ...target.__zod_globalConfig, jitless: true };
