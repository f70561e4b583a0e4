import net from 'node:net';
import autocannon from 'autocannon';

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
export async function throughput(url: string, options: { seconds?: number; connections?: number } = {}): Promise<{ rps: number; p99: number; errors: number; non2xx: number }> {
  const result = await autocannon({ url, duration: options.seconds ?? 5, connections: options.connections ?? 20 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}
