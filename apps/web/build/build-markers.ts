import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `builds/latest.json` and `builds/meta/{buildId}.json` into the output so running clients can
 * notice a newer build (the app polls `latest.json` every hour) and reload on their next navigation.
 */
export function buildMarkers(buildId: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'bjk-build-markers',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const info = JSON.stringify({ buildId, builtAt: new Date().toISOString() });
      mkdirSync(path.join(outDir, 'builds/meta'), { recursive: true });
      writeFileSync(path.join(outDir, 'builds/latest.json'), info);
      writeFileSync(path.join(outDir, 'builds/meta', `${buildId}.json`), info);
    },
  };
}
