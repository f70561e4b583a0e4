import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import autocannon from 'autocannon';
import { repoRoot } from '../apps/server/src/config.js';

/** One figure of a benchmark; ratios compare with a baseline measured in the same run. */
export type BenchResult = { name: string; value: number; unit: string; note?: string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

/** Requests per second for `url` over loopback, bounded in time. */
export async function throughput(
  url: string,
  options: { seconds?: number; connections?: number } = {},
): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  const result = await autocannon({ url, duration: options.seconds ?? 5, connections: options.connections ?? 20 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

/** Starts `node <args>` from the repository's root and resolves once `readyUrl` answers 2xx (at most three minutes: a loaded machine). */
export async function startProcess(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let attempt = 0; attempt < 1800; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited before it was ready`);
    if (
      await fetch(readyUrl).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`${args.join(' ')} did not become ready`);
}

/**
 * The app as `npm start` runs it (production, its own process, a free loopback port, no demo members, warnings
 * only), with `env` on top; resolves once it answers its health check. Its address is `base`.
 */
export async function startApp(env: Record<string, string>): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', MEMBERS_SEED_FILE: '', ...env },
    `${base}/api/health`,
  );
  return { server, base };
}

/** Stops a started process (SIGTERM: the server's graceful shutdown) and waits for it to exit. */
export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));

/** Resident memory of a process, in bytes (Linux). */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
