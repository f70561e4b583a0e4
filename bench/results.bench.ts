import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDataDirDatabase } from './bench-database.js';
import { benchApp, openEventStreams, publishSwar, signIn, swarDataUrl, syntheticSwar } from './fixtures.js';
import { freePort, rssOf, startApp, startProcess, stop, type BenchResult } from './harness.js';

/**
 * `npm run bench -- results`: (1) importing a 300-player, 9-round Swar file (target < 1 s); (2) the standings of a
 * 100-player category under 200 connections against a bare Fastify handler (target ≥ 0.5×); (3) server push:
 * SSE_CLIENTS clients on one instance, one result entered, delivery p99 (target < 1 s) and memory per connection.
 * Files are synthetic (a round-robin of the real files' shape): no real names in benchmarks.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 5000);

async function rps(url: string, connections: number): Promise<number> {
  const result = await autocannon({ url, duration: SECONDS, connections, headers: { 'accept-encoding': 'gzip, br' } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bjk-bench-results-'));
  const barePort = await freePort();
  const bare = await startProcess([path.join(import.meta.dirname, 'bare-server.mjs')], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
  try {
    // 1. Import (and publish) a 300-player, 9-round file, in process on the embedded PostgreSQL of DATA_DIR.
    const database = await openDataDirDatabase(dataDir);
    const bench = await benchApp(database);
    const { app, headers } = bench;
    try {
      const big = syntheticSwar(300, 9, 'U20');
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        // Each run another file (the same content again is answered without publishing): a real import every time.
        const file = big.replace('"Tournament":"Bench U20"', `"Tournament":"Bench U20 #${i + 1}"`);
        const started = performance.now();
        const answer = await app.inject({ method: 'POST', url: '/api/v1/tournament/json', headers, payload: { name: 'U20', jsoncontent: swarDataUrl(file) } });
        times.push(performance.now() - started);
        if (answer.statusCode !== 200) throw new Error(answer.body);
        if (answer.json().version !== i + 1) throw new Error(`run ${i + 1} published version ${answer.json().version}`);
      }
      const best = Math.min(...times);
      results.push({
        name: 'import + publish, 300 players × 9 rounds',
        value: Math.round(best),
        unit: 'ms',
        note: `${(big.length / 1e6).toFixed(1)} MB; runs ${times.map((t) => Math.round(t)).join(', ')} ms; target < 1000: ${best < 1000 ? 'met' : 'MISSED'}`,
      });
      await publishSwar(bench, 'U8', syntheticSwar(100, 5, 'U8'));
    } finally {
      await bench.close();
      await database.close();
    }

    // 2 and 3 against the app as `npm start` runs it.
    const { server, base } = await startApp({
      DATA_DIR: dataDir,
      // Every viewer of this benchmark comes from 127.0.0.1: the per-address cap would stop them at 2 000.
      STREAMS_PER_ADDRESS: String(SSE_CLIENTS + 100),
      STREAMS_MAX: String(SSE_CLIENTS + 100),
    });
    try {
      const standingsUrl = `${base}/api/v1/results/anon/U8/standings`;
      await rps(standingsUrl, 20); // warm-up
      // Interleaved with the baseline, slice by slice: the neighbours' load on a shared machine changes by the second.
      let appRps = 0;
      let bareRps = 0;
      for (let round = 0; round < 3; round++) {
        bareRps += (await rps(`http://127.0.0.1:${barePort}/`, 200)) / 3;
        appRps += (await rps(standingsUrl, 200)) / 3;
      }
      results.push({
        name: 'standings JSON, 100 players, 200 connections',
        value: Number((appRps / bareRps).toPrecision(2)),
        unit: '× bare',
        note: `${Math.round(appRps)} req/s vs bare ${Math.round(bareRps)}; target ≥ 0.5: ${appRps / bareRps >= 0.5 ? 'met' : 'MISSED'}`,
      });

      // Server push.
      const before = rssOf(server.pid!);
      const arrivals: number[] = [];
      let sentAt = 0;
      const closeStreams = await openEventStreams(`${base}/api/v1/results/anon/U8/events`, SSE_CLIENTS, () => (chunk) => {
        if (chunk.includes('data: unofficial')) arrivals.push(performance.now() - sentAt);
      });
      const after = rssOf(server.pid!);
      const signedIn = await signIn(base);
      sentAt = performance.now();
      const entered = await fetch(`${base}/api/v1/tournament/unofficial_result`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signedIn },
        body: JSON.stringify({ name: 'U8', round: 5, boardnr: 1, unofficial_result: '1-0' }),
      });
      if (!entered.ok) throw new Error(await entered.text());
      const deadline = Date.now() + 10_000;
      while (arrivals.length < SSE_CLIENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const sorted = [...arrivals].sort((a, b) => a - b);
      const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1] ?? Infinity;
      results.push({
        name: `server push, ${SSE_CLIENTS} clients on one instance`,
        value: Math.round(p99),
        unit: 'ms p99',
        note: `${arrivals.length}/${SSE_CLIENTS} delivered; median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms; target p99 < 1000: ${p99 < 1000 && arrivals.length === SSE_CLIENTS ? 'met' : 'MISSED'}`,
      });
      results.push({
        name: 'memory per open stream',
        value: Math.round((after - before) / SSE_CLIENTS / 1024),
        unit: 'kB',
        note: `server RSS ${Math.round(before / 1e6)} MB → ${Math.round(after / 1e6)} MB with ${SSE_CLIENTS} streams`,
      });
      closeStreams();
    } finally {
      await stop(server);
    }
  } finally {
    await stop(bare);
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}
