import { getCurrentEdition, seedEditionIfEmpty } from '../apps/server/src/modules/edition/edition.service.js';
import { paymentRequestMail } from '../apps/server/src/modules/payments/payment-mail.js';
import { paymentRequests } from '../apps/server/src/modules/payments/payments.tables.js';
import { openBenchDatabase } from './bench-database.js';
import { benchApp, enrolPlayers, importBenchMembers } from './fixtures.js';
import { camtStatement, codaStatement, multipartFile } from '../apps/server/test/bank-statements.js';
import type { BenchResult } from './harness.js';

/** Youth players (born 2010: they may play U20) in the member registry, all enrolled. */
const COUNT = 1000;
const FIRST_ID = 900_000;

/**
 * Payments at the scale of a whole championship: create and e-mail 1 000 requests in one bulk action each
 * (time, and the memory the process grows by), then import a statement of 1 000 movements naming them
 * (first import, and the same file again, which must change nothing). The sources are real: 1 000 youth
 * participants added through the participants API (the venue has ~170 rooms, so 1 000 stays cannot exist),
 * billed by the participants module's fee rule (enrolment + late fee).
 */
export async function run(): Promise<BenchResult[]> {
  const database = await openBenchDatabase();
  const bench = await benchApp(database, { seed: async (ctx) => void (await seedEditionIfEmpty(ctx)) });
  const { app, headers } = bench;
  await importBenchMembers(bench, COUNT, FIRST_ID);
  await enrolPlayers(bench, COUNT, FIRST_ID);

  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

  async function timedJob(url: string): Promise<{ ms: number; growthMb: number; done: number }> {
    global.gc?.();
    const before = process.memoryUsage().rss;
    peakRss = before;
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url, headers });
    let job = response.json().job;
    while (job.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await app.inject({ method: 'GET', url: `/api/v1/payment/jobs/${job.id}`, headers })).json();
    }
    if (job.state !== 'done' || job.failed > 0) throw new Error(`job ${url} ended ${job.state} with ${job.failed} failures`);
    return { ms: performance.now() - started, growthMb: mb(peakRss - before), done: job.done };
  }

  try {
    const created = await timedJob('/api/v1/payment/participant_bjk_pr');
    const sent = await timedJob('/api/v1/payment/email_pr');
    // Baseline: rendering the same 1 000 e-mails (each its own QR PNG) without the database, to see what the
    // send's transactions, outbox inserts and audit entries add on top.
    const rows = await database.db.select().from(paymentRequests);
    const { settings } = await getCurrentEdition(database.db);
    let started = performance.now();
    for (const row of rows) await paymentRequestMail(row, settings, 'https://bjk.example/payment/x');
    const renderMs = performance.now() - started;

    const items = [];
    for (let page = 1; items.length < COUNT; page++) {
      const list = (await app.inject({ method: 'GET', url: `/api/v1/payment/pr?pageSize=500&page=${page}`, headers })).json();
      if (list.items.length === 0) break;
      items.push(...list.items);
    }
    const movements = items.map((r: { structuredMessage: string; totalCents: number }) => ({
      amountCents: r.totalCents,
      reference: r.structuredMessage.replace(/\D/g, ''),
    }));
    const coda = codaStatement({ account: 'BE68539007547034', date: '2026-11-24', number: 1, movements });
    const upload = multipartFile('bench.cod', coda);
    started = performance.now();
    const first = await app.inject({ method: 'POST', url: '/api/v1/payment/statements', payload: upload.payload, headers: { ...headers, ...upload.headers } });
    const importMs = performance.now() - started;
    if (first.json().counts.paid !== COUNT) throw new Error(`expected ${COUNT} paid, got ${JSON.stringify(first.json().counts)}`);
    started = performance.now();
    const again = await app.inject({ method: 'POST', url: '/api/v1/payment/statements', payload: upload.payload, headers: { ...headers, ...upload.headers } });
    const reimportMs = performance.now() - started;
    if (!again.json().alreadyImported) throw new Error('the second import was not recognised');

    // The same movements as camt.053 (another file, same bank references): all known, nothing booked twice.
    const camt = multipartFile('bench.xml', camtStatement({ account: 'BE68539007547034', date: '2026-11-24', id: 'bench', movements }));
    started = performance.now();
    const camtResult = await app.inject({ method: 'POST', url: '/api/v1/payment/statements', payload: camt.payload, headers: { ...headers, ...camt.headers } });
    const camtMs = performance.now() - started;
    const camtCounts = camtResult.json().counts;

    return [
      {
        name: `bulk create ${created.done} requests`,
        value: Math.round(created.ms),
        unit: 'ms',
        note: `${(created.ms / created.done).toFixed(2)} ms each; RSS +${created.growthMb} MB at peak`,
      },
      {
        name: `bulk send ${sent.done} requests (QR PNG + outbox)`,
        value: Math.round(sent.ms),
        unit: 'ms',
        note: `${(sent.ms / sent.done).toFixed(2)} ms each; RSS +${sent.growthMb} MB at peak`,
      },
      {
        name: `baseline: render ${rows.length} request e-mails, no database`,
        value: Math.round(renderMs),
        unit: 'ms',
        note: `${(renderMs / rows.length).toFixed(2)} ms each; the send takes ${(sent.ms / renderMs).toFixed(1)}× this`,
      },
      {
        name: `import CODA statement of ${COUNT} movements`,
        value: Math.round(importMs),
        unit: 'ms',
        note: `${COUNT} paid; ${(importMs / COUNT).toFixed(2)} ms per movement`,
      },
      {
        name: 'import the same CODA file again',
        value: Math.round(reimportMs),
        unit: 'ms',
        note: `unchanged; ${(importMs / Math.max(reimportMs, 1)).toFixed(0)}× faster than the first import`,
      },
      {
        name: `import camt.053 of the same ${COUNT} credits`,
        value: Math.round(camtMs),
        unit: 'ms',
        note: `counts ${JSON.stringify(camtCounts)} (new bank references: matched as duplicates)`,
      },
    ];
  } finally {
    clearInterval(sampler);
    await bench.close();
    await database.close();
  }
}
