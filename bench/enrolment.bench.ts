import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, repoRoot } from '../apps/server/src/config.js';
import { seedEditionIfEmpty } from '../apps/server/src/modules/edition/edition.service.js';
import { importMembers } from '../apps/server/src/modules/members/members.service.js';
import { createChangeBus } from '../apps/server/src/platform/change-bus.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { systemContext } from '../apps/server/src/platform/service-context.js';
import { openBenchDatabase } from './bench-database.js';
import { openDatabase, type Database } from '../apps/server/src/platform/db.js';
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

/** Wall and CPU seconds of `fn`: on a shared machine the wall time says as much about the neighbours. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  const value = await fn();
  const cpu = process.cpuUsage(cpu0);
  return { value, wall: (performance.now() - wall0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A fresh database per run: an embedded PostgreSQL of its own, or a database created next to BENCH_DATABASE_URL and dropped after. */
async function freshDatabase(kind: 'embedded' | 'postgres'): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'embedded') {
    const database = await openBenchDatabase();
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL as string;
  const name = `bench_enrolment_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  return {
    database,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name}`);
      await again.end();
    },
  };
}

/** Import 300 000 members (and the same file again: the monthly re-import), then the public lookup against them. */
async function runOn(kind: 'embedded' | 'postgres', barePort: number): Promise<BenchResult[]> {
  const label = kind === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL';
  const { database, drop } = await freshDatabase(kind);
  try {
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: path.join(repoRoot, 'apps/web/dist'), LOOKUP_RATE_LIMIT: '0' });
    await seedEditionIfEmpty(systemContext({ db: database.db, clock: systemClock, config }));

    const first = await timed(() => importMembers(systemContext({ db: database.db, clock: systemClock, config }), 'csv', memberCsv()));
    const again = await timed(() => importMembers(systemContext({ db: database.db, clock: systemClock, config }), 'csv', memberCsv()));

    const bus = await createChangeBus(database);
    const app = await buildApp({ config, database, db: database.db, clock: systemClock, bus });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    try {
      // Varied ids over the whole registry: no two consecutive requests ask for the same member.
      const randomPath = () => `/api/v1/registration/idbel/${FIRST_ID + Math.floor(Math.random() * MEMBERS)}`;
      await requestsPerSecond(port, randomPath, 1); // warm-up: JIT, prepared statements, pool connections
      const baseline = await requestsPerSecond(barePort, randomPath);
      const lookup = await requestsPerSecond(port, randomPath);
      const ratio = lookup.rps / baseline.rps;
      return [
        {
          name: `import 300 000 members (CSV, ${label})`,
          value: round1(first.wall),
          unit: 's',
          note: `${first.value.inserted} inserted, ${first.value.rejected} rejected; ${Math.round(MEMBERS / first.wall)} rows/s; CPU of this process ${round1(first.cpu)} s; target < 30 s: ${first.wall < 30 ? 'met' : 'MISSED'}`,
        },
        {
          name: `re-import the same 300 000 (${label})`,
          value: round1(again.wall),
          unit: 's',
          note: `${again.value.updated} updated, ${again.value.unchanged} unchanged; CPU of this process ${round1(again.cpu)} s`,
        },
        { name: `bare Fastify handler (before the ${label} lookup)`, value: Math.round(baseline.rps), unit: 'req/s', note: `p99 ${baseline.p99} ms` },
        {
          name: `GET /api/v1/registration/idbel/{id} (${label})`,
          value: Math.round(lookup.rps),
          unit: 'req/s',
          note: `ratio ${ratio.toFixed(2)} of bare (target ≥ 0.30: ${ratio >= 0.3 ? 'met' : 'MISSED'}); 20 connections, random ids; p99 ${lookup.p99} ms; non-2xx ${lookup.non2xx}`,
        },
      ];
    } finally {
      await app.close();
      await bus.close();
    }
  } finally {
    await drop();
  }
}

/** A 12-megapixel phone photo with detail everywhere (noise): the expensive case for a JPEG decoder. */
async function photoFigure(): Promise<BenchResult> {
  const noise = randomBytes(4000 * 3000 * 3);
  const photo = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
  const timings: number[] = [];
  let output = { width: 0, height: 0, bytes: 0 };
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const normalised = await normalisePhoto(photo);
    timings.push(performance.now() - t0);
    output = { width: normalised.width, height: normalised.height, bytes: normalised.jpeg.length };
  }
  timings.sort((a, b) => a - b);
  return {
    name: 'normalise a 12-megapixel JPEG (median of 5)',
    value: Math.round(timings[2] ?? 0),
    unit: 'ms',
    note: `4000×3000 input ${(photo.length / 1_048_576).toFixed(1)} MB → ${output.width}×${output.height} ${Math.round(output.bytes / 1024)} kB; min ${Math.round(timings[0] ?? 0)} ms, max ${Math.round(timings[4] ?? 0)} ms`,
  };
}

/**
 * The enrolment figures: importing 300 000 members from CSV (target < 30 s), the public id lookup
 * against those 300 000 members compared with a bare Fastify handler in the same run (target ≥ 30 %),
 * and normalising a 12-megapixel phone photo. On an embedded PostgreSQL always; on an external one too when
 * BENCH_DATABASE_URL names a server where the bench may create (and drop) a database.
 */
export async function run(): Promise<BenchResult[]> {
  const bare = Fastify({ logger: false });
  bare.get('/api/v1/registration/idbel/:idbel', async (request) => ({ idbel: Number((request.params as { idbel: string }).idbel), firstName: 'Emma' }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  try {
    const results = [await photoFigure(), ...(await runOn('embedded', barePort))];
    if (process.env.BENCH_DATABASE_URL) results.push(...(await runOn('postgres', barePort)));
    else
      results.push({ name: 'PostgreSQL', value: 0, unit: '-', note: 'skipped: set BENCH_DATABASE_URL=postgres://user@host:5432/postgres to measure it too' });
    return results;
  } finally {
    await bare.close();
  }
}
