import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { BenchResult } from './harness.js';

/**
 * `npm run bench [-- name ...]`: runs every `bench/<name>.bench.ts` (or the named ones) one after the
 * other and prints their figures. Each module exports `run(): Promise<BenchResult[]>`.
 */
const selected = process.argv.slice(2);
const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => selected.length === 0 || selected.includes(file.replace('.bench.ts', '')))
  .sort();

let failed = false;
for (const file of files) {
  const name = file.replace('.bench.ts', '');
  console.log(`\n## ${name}`);
  const started = Date.now();
  try {
    const module = (await import(path.join(dir, file))) as { run: () => Promise<BenchResult[]> };
    for (const result of await module.run()) {
      console.log(`${result.name.padEnd(48)} ${String(result.value).padStart(10)} ${result.unit.padEnd(6)} ${result.note ?? ''}`);
    }
  } catch (error) {
    failed = true;
    console.error(`${name} failed: ${(error as Error).stack ?? error}`);
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(failed ? 1 : 0);
