import { defineConfig } from 'vitest/config';

/**
 * Conformance: our readers against real files written by others, kept in `../shared/data` (beside the repository,
 * not in it: several are GPL). Not part of `npm test`, which must not depend on `../shared`; run with
 * `npm run conformance` (`SHARED_DATA_DIR` points elsewhere, `FIDE_CHECKER_DIR` at FIDE's tie-break checker, run with
 * python3).
 */
export default defineConfig({
  test: {
    name: 'conformance',
    include: ['apps/server/src/**/*.conformance.ts', 'packages/domain/src/**/*.conformance.ts'],
    environment: 'node',
    // FIDE's checker (Python) takes seconds per file on a shared machine.
    testTimeout: 180_000,
  },
});
