import sharp from 'sharp';
import { getCurrentEdition, seedEditionIfEmpty } from '../apps/server/src/modules/edition/edition.service.js';
import { seedFilesIfEmpty } from '../apps/server/src/modules/files/files.seed.js';
import { openBenchDatabase } from './bench-database.js';
import { benchApp, importBenchMembers, uploadPhoto } from './fixtures.js';
import { portraitJpeg } from '../apps/server/test/badge-holders.js';
import type { BenchResult } from './harness.js';

const COUNT = 700;
const FIRST_ID = 910_000;
const SMALL = 100;

/** A number drawn on a portrait, so no two of the bench's photos are the same. */
function marker(n: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="60"><text x="0" y="48" font-size="48" font-family="DejaVu Sans" fill="#222">${n}</text></svg>`,
  );
}

/**
 * `npm run bench -- print`: 700 badges with photos in one PDF, produced as a job the way the back office does
 * (POST, follow the progress, download), on the embedded PostgreSQL. Photos are 800 × 1000 JPEGs (the largest the enrolment
 * keeps), all different. Wall and CPU time, PDF size, and the process's peak memory (RSS) and its rise above the
 * level before the job, for 100 badges and for all 700: if memory grew with the batch, the second rise would be
 * several times the first.
 */
export async function run(): Promise<BenchResult[]> {
  const database = await openBenchDatabase();
  const bench = await benchApp(database, {
    seed: async (ctx) => {
      await seedEditionIfEmpty(ctx);
      await seedFilesIfEmpty(ctx, (await getCurrentEdition(ctx.db)).settings);
    },
  });
  const { app, headers } = bench;
  // 700 youth players (born 2012); 100 of them play U18, so a small batch exists beside the whole one.
  await importBenchMembers(bench, COUNT, FIRST_ID, { firstName: 'Zoë-Ångström', lastName: (i) => `Van der Bench-Østergaard ${i}`, birthYear: 2012 });
  // 700 different 800 × 1000 portraits (the largest the enrolment keeps), each uploaded through the API: every badge
  // reads, scales and embeds its own photo (a photo shared by two badges would be scaled and embedded once).
  const portraits: Buffer[] = [];
  for (let i = 0; i < COUNT; i += 20) {
    portraits.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, COUNT - i) }, async (_, k) =>
          sharp(await portraitJpeg(i + k))
            .resize(800, 1000)
            .composite([{ input: marker(i + k), top: 40, left: 40 }])
            .jpeg({ quality: 85 })
            .toBuffer(),
        ),
      )),
    );
  }
  if (new Set(portraits.map((p) => p.toString('base64'))).size !== COUNT) throw new Error('the portraits are not all different');
  for (let i = 0; i < COUNT; i++) {
    const category = i < SMALL ? 'U18' : 'U16';
    const added = await app.inject({ method: 'POST', url: `/api/v1/participant/bjk/${FIRST_ID + i}/${category}`, headers });
    if (added.statusCode !== 200) throw new Error(`participant ${i}: ${added.body}`);
    await uploadPhoto(bench, added.json<{ id: number }>().id, portraits[i]!);
  }

  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 10);
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

  async function produce(
    selection: object,
  ): Promise<{ ms: number; cpuMs: number; growthMb: number; peakMb: number; items: number; pages: number; bytes: number; downloadMs: number }> {
    global.gc?.();
    const before = process.memoryUsage().rss;
    peakRss = before;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const response = await app.inject({ method: 'POST', url: '/api/v1/print/jobs', headers, payload: { document: 'badges', selection } });
    if (response.statusCode !== 202) throw new Error(`print job: ${response.body}`);
    let job = response.json();
    while (job.status === 'running' || job.status === 'queued')
      job = (await app.inject({ method: 'GET', url: `/api/v1/print/jobs/${job.id}?wait=30`, headers })).json();
    if (job.status !== 'done') throw new Error(`print job ended ${job.status}: ${job.error}`);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const downloadStarted = performance.now();
    const pdf = await app.inject({ method: 'GET', url: `/api/v1/print/jobs/${job.id}/pdf`, headers });
    if (pdf.rawPayload.length !== job.bytes) throw new Error('the download differs from the job');
    return {
      ms,
      cpuMs,
      growthMb: mb(peakRss - before),
      peakMb: mb(peakRss),
      items: job.done,
      pages: job.pages,
      bytes: job.bytes,
      downloadMs: performance.now() - downloadStarted,
    };
  }

  try {
    const small = await produce({ scope: 'category', category: 'U18' });
    const whole = await produce({ scope: 'all' });
    return [
      {
        name: `${small.items} badges with photos (${small.pages} pages)`,
        value: Math.round(small.ms),
        unit: 'ms',
        note: `CPU ${Math.round(small.cpuMs)} ms (this process, sharp's threads included); ${mb(small.bytes)} MB PDF; peak RSS ${small.peakMb} MB (+${small.growthMb} MB)`,
      },
      {
        name: `${whole.items} badges with photos (${whole.pages} pages)`,
        value: Math.round(whole.ms),
        unit: 'ms',
        note: `CPU ${Math.round(whole.cpuMs)} ms; ${(whole.ms / whole.items).toFixed(1)} ms each; ${mb(whole.bytes)} MB PDF; peak RSS ${whole.peakMb} MB (+${whole.growthMb} MB) (target < 20 000 ms)`,
      },
      {
        name: `peak memory rise, ${whole.items} ÷ ${small.items} badges`,
        value: Math.round((whole.growthMb / Math.max(small.growthMb, 0.1)) * 100) / 100,
        unit: '×',
        note: `about 1 when memory does not grow with the batch; ${Math.round(whole.items / small.items)} if it grew in proportion`,
      },
      {
        name: `download of the ${whole.items}-badge PDF (streamed from the database)`,
        value: Math.round(whole.downloadMs),
        unit: 'ms',
        note: `${mb(whole.bytes)} MB`,
      },
    ];
  } finally {
    clearInterval(sampler);
    await bench.close();
    await database.close();
  }
}
