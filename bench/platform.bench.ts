import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, repoRoot } from '../apps/server/src/config.js';
import { seedEditionIfEmpty } from '../apps/server/src/modules/edition/edition.service.js';
import { createChangeBus } from '../apps/server/src/platform/change-bus.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { systemContext } from '../apps/server/src/platform/service-context.js';
import chromiumSetup from '../scripts/chromium.json' with { type: 'json' };
import { openBenchDatabase } from './bench-database.js';
import { freePort, throughput, type BenchResult } from './harness.js';

/**
 * The foundation's figures: throughput of GET /api/health and GET / (the app's HTML) against a bare
 * Fastify hello-world in the same run, and the gzip size of the JavaScript the home page loads
 * (measured in Chromium: every script response of a first visit to /). Budget: ≤ 120 kB.
 */
export async function run(): Promise<BenchResult[]> {
  const webDist = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('build the web app first: npm run build');

  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });

  const database = await openBenchDatabase();
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: webDist });
  await seedEditionIfEmpty(systemContext({ db: database.db, clock: systemClock, config }));
  const bus = await createChangeBus(database);
  const app = await buildApp({ config, database, db: database.db, clock: systemClock, bus });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;

  try {
    const baseline = await throughput(`http://127.0.0.1:${barePort}/`);
    const health = await throughput(`${base}/api/health`);
    const html = await throughput(`${base}/`);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? chromiumSetup.path,
      args: chromiumSetup.flags,
    });
    const page = await browser.newPage({ locale: 'nl-BE' });
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await browser.close();
    const homeJs = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const largest = [...scripts.entries()].sort((a, b) => b[1] - a[1])[0];

    return [
      { name: 'bare Fastify hello-world', value: Math.round(baseline.rps), unit: 'req/s', note: `p99 ${baseline.p99} ms` },
      {
        name: 'GET /api/health (one query)',
        value: Math.round(health.rps),
        unit: 'req/s',
        note: `ratio ${(health.rps / baseline.rps).toFixed(2)} of bare; p99 ${health.p99} ms; non-2xx ${health.non2xx}`,
      },
      {
        name: 'GET / (app HTML)',
        value: Math.round(html.rps),
        unit: 'req/s',
        note: `ratio ${(html.rps / baseline.rps).toFixed(2)} of bare; p99 ${html.p99} ms; non-2xx ${html.non2xx}`,
      },
      {
        name: 'home page JavaScript, gzip',
        value: Math.round(homeJs / 102.4) / 10,
        unit: 'kB',
        note: `${scripts.size} files, largest ${largest ? path.basename(new URL(largest[0]).pathname) : '-'}; budget 120 kB: ${homeJs <= 120 * 1024 ? 'within' : 'OVER'}`,
      },
    ];
  } finally {
    await app.close();
    await bus.close();
    await database.close();
    await bare.close();
  }
}
