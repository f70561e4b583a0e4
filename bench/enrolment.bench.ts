import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, repoRoot } from '../apps/server/src/config.js';
import { seedEditionIfEmpty } from '../apps/server/src/modules/edition/edition.service.js';
import { importMembers } from '../apps/server/src/modules/members/members.service.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { openDatabase } from '../apps/server/src/platform/db.js';
import { normalisePhoto } from '../apps/server/src/platform/photo.js';
import { freePort, type BenchResult } from './harness.js';

const MEMBERS = 300_000;
const FIRST_ID = 100_000;

/** A national list of 300 000 members, generated line by line (never whole in memory). */
function memberCsv(): Readable {
  const firstNames = ['Emma', 'Noah', 'Louise', 'Arthur', 'Olivia', 'Jules', 'Mila', 'Victor', 'Lina', 'Lucas'];
  const lastNames = ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Mertens', 'Willems', 'Claes', 'Goossens', 'Wouters', 'Dubois'];
  function* lines() {
    yield 'idbel;idfide;first_name;last_name;birth_year;gender;club_id;club_name;fide_federation;rating_national;rating_fide\n';
    for (let i = 0; i < MEMBERS; i++) {
      const id = FIRST_ID + i;
      yield `${id};${i % 3 === 0 ? 20_000_000 + i : ''};${firstNames[i % 10]};${lastNames[(i * 7) % 10]}-${i};${1950 + (i % 70)};${i % 2 ? 'M' : 'F'};${100 + (i % 400)};Club ${i % 400};${i % 5 ? 'BEL' : ''};${1000 + (i % 1400)};${i % 3 === 0 ? 1100 + (i % 1300) : ''}\n`;
    }
  }
  return Readable.from(lines());
}

async function requestsPerSecond(port: number, pathOf: () => string, seconds = 5): Promise<{ rps: number; p99: number; non2xx: number }> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    duration: seconds,
    connections: 20,
    requests: [{ method: 'GET', setupRequest: (request: Record<string, unknown>) => ({ ...request, path: pathOf() }) }],
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

/**
 * The enrolment figures: importing 300 000 members from CSV (target < 30 s), the public id lookup
 * against those 300 000 members compared with a bare Fastify handler in the same run (target ≥ 30 %),
 * and normalising a 12-megapixel phone photo.
 */
export async function run(): Promise<BenchResult[]> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: path.join(repoRoot, 'apps/web/dist'), LOOKUP_RATE_LIMIT: '0' });
  await seedEditionIfEmpty(database.db, config.editionSeedFile);

  const bare = Fastify({ logger: false });
  bare.get('/api/v1/registration/idbel/:idbel', async (request) => ({ idbel: Number((request.params as { idbel: string }).idbel), firstName: 'Emma' }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  const app = await buildApp({ config, database, db: database.db, clock: systemClock });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });

  try {
    const started = Date.now();
    const imported = await importMembers(database.db, 'csv', memberCsv(), null);
    const importSeconds = (Date.now() - started) / 1000;

    const randomPath = () => `/api/v1/registration/idbel/${FIRST_ID + Math.floor(Math.random() * MEMBERS)}`;
    const baseline = await requestsPerSecond(barePort, randomPath);
    const lookup = await requestsPerSecond(port, randomPath);

    // A 12-megapixel phone photo with detail everywhere (noise): the expensive case for a JPEG decoder.
    const noise = randomBytes(4000 * 3000 * 3);
    const photo = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } }).withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer();
    const timings: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await normalisePhoto(photo);
      timings.push(performance.now() - t0);
    }
    timings.sort((a, b) => a - b);

    return [
      {
        name: 'import 300 000 members (CSV, PGlite)',
        value: Math.round(importSeconds * 10) / 10,
        unit: 's',
        note: `${imported.inserted} inserted, ${imported.rejected} rejected; ${Math.round(MEMBERS / importSeconds)} rows/s; target < 30 s: ${importSeconds < 30 ? 'met' : 'MISSED'}`,
      },
      { name: 'bare Fastify handler (same route shape)', value: Math.round(baseline.rps), unit: 'req/s', note: `p99 ${baseline.p99} ms` },
      {
        name: 'GET /api/v1/registration/idbel/{id} (300 000 members)',
        value: Math.round(lookup.rps),
        unit: 'req/s',
        note: `ratio ${(lookup.rps / baseline.rps).toFixed(2)} of bare (target ≥ 0.30: ${lookup.rps / baseline.rps >= 0.3 ? 'met' : 'MISSED'}); p99 ${lookup.p99} ms; non-2xx ${lookup.non2xx}`,
      },
      {
        name: 'normalise a 12-megapixel JPEG (median of 5)',
        value: Math.round(timings[2] ?? 0),
        unit: 'ms',
        note: `input ${(photo.length / 1_048_576).toFixed(1)} MB; min ${Math.round(timings[0] ?? 0)} ms, max ${Math.round(timings[4] ?? 0)} ms`,
      },
    ];
  } finally {
    await app.close();
    await bare.close();
    await database.close();
  }
}
