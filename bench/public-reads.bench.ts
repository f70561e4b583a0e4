import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDataDirDatabase } from './bench-database.js';
import { openDatabase, type Database } from '../apps/server/src/platform/db.js';
import { benchApp, enrolPlayers, importBenchMembers, onScratchDatabase, publishSwar, syntheticSwar } from './fixtures.js';
import { freePort, startProcess, stop, type BenchResult } from './harness.js';

/**
 * The public reads the site's visitors make, as `npm start` runs the app (its own process, default log level,
 * logging to a discarded stdout), each against a bare Fastify handler (also its own process) in the same run.
 * A new public read joins with one line here.
 */
export const PUBLIC_READS: { name: string; path: string }[] = [
  { name: 'stay/common (edition settings)', path: '/api/v1/stay/common' },
  { name: 'page/anon/menu', path: '/api/v1/page/anon/menu?lang=nl' },
  { name: 'participant/public/bjk (start list)', path: '/api/v1/participant/public/bjk' },
  { name: 'news/anon', path: '/api/v1/news/anon?lang=nl' },
  { name: 'page/anon/page/home', path: '/api/v1/page/anon/page/home?lang=nl' },
  { name: 'filestore/anon/files', path: '/api/v1/filestore/anon/files' },
  { name: 'filestore/anon/groups', path: '/api/v1/filestore/anon/groups' },
  { name: 'filestore/anon/sponsors', path: '/api/v1/filestore/anon/sponsors' },
  { name: 'calendar/anon/events (schedule)', path: '/api/v1/calendar/anon/events' },
  { name: 'results/anon/categories', path: '/api/v1/results/anon/categories' },
  { name: 'results U8 (players, rounds; 100 players)', path: '/api/v1/results/anon/U8' },
  { name: 'results U8 standings (100 players)', path: '/api/v1/results/anon/U8/standings' },
  { name: 'results U8 pairings round 5', path: '/api/v1/results/anon/U8/pairings/5' },
];

/** Players on the start list, as many as the 2025 championship had. */
const PLAYERS = 404;
const FIRST_ID = 70_000;
/** Each read and its baseline alternate in ROUNDS slices of SECONDS; the ratio is the median of the slices' ratios. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
/** What a browser sends: the answers it gets are compressed ones. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'nl-BE,nl;q=0.9' };

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type Run = { rps: number; p99: number; errors: number; timeouts: number; non2xx: number };

async function load(url: string, options: { seconds: number; connections: number; requests?: { path: string }[] }): Promise<Run> {
  const result = await autocannon({
    url,
    duration: options.seconds,
    connections: options.connections,
    headers: BROWSER_HEADERS,
    ...(options.requests ? { requests: options.requests.map((r) => ({ method: 'GET', path: r.path })) } : {}),
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx };
}

/** The seeded demo site (edition, pages, news, files) with a start list of PLAYERS enabled players and a published 100-player, 5-round category (U8). */
export async function seed(database: Database): Promise<void> {
  const bench = await benchApp(database);
  try {
    await importBenchMembers(bench, PLAYERS, FIRST_ID);
    await enrolPlayers(bench, PLAYERS, FIRST_ID);
    await publishSwar(bench, 'U8', syntheticSwar(100, 5, 'U8'));
  } finally {
    await bench.close();
  }
}

/** A child process listening on `port`, ready once `ready` answers. */

async function measure(label: string, appEnv: Record<string, string>, barePort: number): Promise<BenchResult[]> {
  const port = await freePort();
  const app = await startProcess(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    { ...appEnv, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'info', MEMBERS_SEED_FILE: '' },
    `http://127.0.0.1:${port}/api/health`,
  );
  const base = `http://127.0.0.1:${port}`;
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  try {
    const start = await fetch(`${base}/api/v1/participant/public/bjk`).then((r) => r.json() as Promise<{ items: unknown[] }>);
    if (start.items.length !== PLAYERS) throw new Error(`the start list has ${start.items.length} players, not ${PLAYERS}`);
    // Warm-up: JIT, pool connections, and whatever the app keeps.
    await load(bareUrl, { seconds: 1, connections: 20 });
    for (const read of PUBLIC_READS) await load(`${base}${read.path}`, { seconds: 1, connections: 20 });

    const results: BenchResult[] = [];
    const baseline: number[] = [];
    // Round by round, every read in turn, each slice right after its own baseline slice: a read measured last
    // must not pay for the run's drift (a neighbour's load, the app's heap) that the first ones did not see.
    const bare: Run[][] = PUBLIC_READS.map(() => []);
    const runs: Run[][] = PUBLIC_READS.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, read] of PUBLIC_READS.entries()) {
        bare[index]!.push(await load(bareUrl, { seconds: SECONDS, connections: 20 }));
        runs[index]!.push(await load(`${base}${read.path}`, { seconds: SECONDS, connections: 20 }));
      }
    }
    for (const [index, read] of PUBLIC_READS.entries()) {
      const readBare = bare[index]!;
      const readRuns = runs[index]!;
      const bareRps = sum(readBare.map((r) => r.rps)) / ROUNDS;
      const rps = sum(readRuns.map((r) => r.rps)) / ROUNDS;
      baseline.push(bareRps);
      // Each slice against the baseline slice just before it: a neighbour's burst spoils one slice, not the figure.
      const ratio = median(readRuns.map((r, i) => r.rps / Math.max(readBare[i]!.rps, 1)));
      results.push({
        name: `${read.name} (${label})`,
        value: Number(ratio.toPrecision(2)),
        unit: '× bare',
        note: `${Math.round(rps)} req/s vs bare ${Math.round(bareRps)}; p99 ${Math.max(...readRuns.map((r) => r.p99))} ms; non-2xx ${sum(readRuns.map((r) => r.non2xx))}; target ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'MISSED'}`,
      });
    }
    const mix = await load(base, { seconds: LOAD_SECONDS, connections: 200, requests: PUBLIC_READS });
    // What the machine allows at that moment: the bare handler under the same 200 connections (on a machine
    // shared with others, a p99 over 250 ms there means the target cannot be judged in this run).
    const bareMix = await load(bareUrl, { seconds: LOAD_SECONDS, connections: 200 });
    const clean = mix.errors === 0 && mix.timeouts === 0 && mix.non2xx === 0;
    results.push({
      name: `200 connections, ${LOAD_SECONDS} s, all public reads (${label})`,
      value: mix.p99,
      unit: 'ms p99',
      note: `${Math.round(mix.rps)} req/s; errors ${mix.errors}, time-outs ${mix.timeouts}, non-2xx ${mix.non2xx}; target p99 < 250 ms and none: ${mix.p99 < 250 && clean ? 'met' : 'MISSED'}`,
    });
    results.push({
      name: `200 connections, ${LOAD_SECONDS} s, bare handler (${label})`,
      value: bareMix.p99,
      unit: 'ms p99',
      note: `${Math.round(bareMix.rps)} req/s; errors ${bareMix.errors}, time-outs ${bareMix.timeouts}; the reads' p99 ${mix.p99} ms is ${(mix.p99 / Math.max(bareMix.p99, 1)).toFixed(2)}× the bare handler's in this run`,
    });
    results.unshift({
      name: `bare Fastify handler (${label}, mean)`,
      value: Math.round(baseline.reduce((a, b) => a + b, 0) / baseline.length),
      unit: 'req/s',
      note: `${ROUNDS} × ${SECONDS} s per read, 20 connections, interleaved with the read's own baseline; ratio = median of the slices' ratios`,
    });
    return results;
  } finally {
    await stop(app);
  }
}

/**
 * Each public read's throughput as a share of a bare Fastify handler's (target ≥ 0.5), then all of them mixed
 * under 200 connections (target: p99 < 250 ms, no error, no time-out); on the embedded PostgreSQL, and on an external one when
 * BENCH_DATABASE_URL is set. On a shared machine compare ratios within one run, not absolute figures across runs.
 */
export async function run(): Promise<BenchResult[]> {
  const barePort = await freePort();
  const bareServer = await startProcess([path.join(import.meta.dirname, 'bare-server.mjs')], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
  const results: BenchResult[] = [];
  try {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bjk-bench-reads-'));
    try {
      const database = await openDataDirDatabase(dataDir);
      await seed(database);
      await database.close();
      results.push(...(await measure('embedded PostgreSQL', { DATA_DIR: dataDir }, barePort)));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (adminUrl) {
      const measured = await onScratchDatabase(adminUrl, `bench_reads_${process.pid}`, async (url) => {
        const database = await openDatabase({ url });
        await seed(database);
        await database.close();
        return measure('PostgreSQL', { DATABASE_URL: url }, barePort);
      });
      results.push(...measured);
    } else {
      results.push({ name: 'PostgreSQL', value: 0, unit: '-', note: 'skipped: set BENCH_DATABASE_URL' });
    }
  } finally {
    await stop(bareServer);
  }
  return results;
}
