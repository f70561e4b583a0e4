import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startApp, stop, type BenchResult } from './harness.js';

/**
 * `npm run bench -- streams`: a flood of ATTEMPTS live-stream connections from one address (127.0.0.1, IN_FLIGHT
 * opening at once, every accepted one kept open) against the app as `npm start` runs it, with the default caps
 * (2 000 per address). Meanwhile another user (127.0.0.2) reads the results categories and the health check one
 * request after the other: their p99 during the flood is compared with the same reads before it, in the same run.
 * Afterwards that user opens a stream of their own. Nothing may be reset or answer 5xx but the coded 503.
 */
const ATTEMPTS = Number(process.env.BENCH_STREAM_ATTEMPTS ?? 20_000);
const IN_FLIGHT = 200;
const STREAM = '/api/v1/results/anon/U10/events';

type Attempt = 'accepted' | 'refused' | 'other' | 'error';

const p99Of = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1] ?? NaN;
};

/** Reads `paths` in turn from `from` until `done()`; latencies in ms and the failures (non-2xx, errors). */
async function otherUser(base: string, from: string, done: () => boolean, minimum: number) {
  const agent = new http.Agent({ keepAlive: true, localAddress: from });
  const latencies: number[] = [];
  let failures = 0;
  for (let i = 0; !done() || i < minimum; i++) {
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      http
        .get(`${base}${i % 2 ? '/api/health' : '/api/v1/results/anon/categories'}`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', () => resolve(0));
    });
    latencies.push(performance.now() - started);
    if (status < 200 || status >= 300) failures++;
  }
  agent.destroy();
  return { latencies, failures };
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bjk-bench-streams-'));
  const { server, base } = await startApp({ DATA_DIR: dataDir });
  const open: http.ClientRequest[] = [];
  try {
    const before = await otherUser(base, '127.0.0.2', () => true, 400);

    const counts: Record<Attempt, number> = { accepted: 0, refused: 0, other: 0, error: 0 };
    const errors = new Map<string, number>();
    let started = 0;
    let finished = 0;
    let flooding = true;
    const flood = new Promise<void>((resolve) => {
      const attempt = () => {
        started++;
        const request = http.get(`${base}${STREAM}`, { agent: false, localAddress: '127.0.0.1' }, (response) => {
          const outcome: Attempt = response.statusCode === 200 ? 'accepted' : response.statusCode === 503 ? 'refused' : 'other';
          counts[outcome]++;
          if (outcome === 'accepted') open.push(request);
          else response.resume();
          next();
        });
        request.on('error', (error: Error & { code?: string }) => {
          // An accepted stream closed at the end of the benchmark is no failure.
          if (!flooding) return;
          counts.error++;
          errors.set(error.code ?? error.message, (errors.get(error.code ?? error.message) ?? 0) + 1);
          next();
        });
      };
      const next = () => {
        finished++;
        if (started < ATTEMPTS) attempt();
        else if (finished === ATTEMPTS) resolve();
      };
      for (let i = 0; i < Math.min(IN_FLIGHT, ATTEMPTS); i++) attempt();
    });
    const floodStarted = performance.now();
    const during = otherUser(base, '127.0.0.2', () => !flooding, 50);
    await flood;
    const floodSeconds = (performance.now() - floodStarted) / 1000;
    flooding = false;
    const duringFlood = await during;

    // Another address still gets its stream.
    const ownStatus = await new Promise<number>((resolve) => {
      const request = http.get(`${base}${STREAM}`, { agent: false, localAddress: '127.0.0.3' }, (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', () => resolve(0));
    });

    results.push({
      name: `${ATTEMPTS} stream attempts from one address`,
      value: counts.accepted,
      unit: 'open',
      note: `${counts.refused} refused (503 + Retry-After), ${counts.other} other answers, ${counts.error} errors${
        errors.size ? ` (${[...errors].map(([code, n]) => `${code} ${n}`).join(', ')})` : ''
      } in ${floodSeconds.toFixed(1)} s; another address's stream: ${ownStatus}`,
    });
    const p99Before = p99Of(before.latencies);
    const p99During = p99Of(duringFlood.latencies);
    results.push({
      name: "another user's reads during the flood",
      value: Math.round(p99During * 10) / 10,
      unit: 'ms p99',
      note: `${(p99During / p99Before).toFixed(1)}× the ${p99Before.toFixed(1)} ms before it; ${duringFlood.latencies.length} reads, ${duringFlood.failures} failed (${before.failures} before)`,
    });
  } finally {
    for (const request of open) request.destroy();
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  return results;
}
