import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, startApp, startProcess, stop, type BenchResult } from './harness.js';

const PEOPLE = 300;
const DESKS = 4;
const SCANS_PER_DESK = 250;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * p) - 1] ?? NaN;
};

/**
 * `npm run bench -- desk`: the venue desk online (issue #28: a scan to a recorded event, p99 < 300 ms). The app as
 * `npm start` runs it; 300 guests with badges; 4 desks scan at the same time, each one scan per request as the
 * phone sends it when online (arrivals, then meals: repeats included), waiting for each answer before the next.
 * The figure is the time from sending a scan to its judged answer, over the 1 000 scans, beside two floors of the
 * same machine in the same run, with as many at once: a bare Fastify handler in a process of its own
 * (`bare-server.mjs`: what the machine gives any HTTP answer) and the app's cheapest signed-in read. On a shared
 * machine the absolute figures move with the load; the ratios to the bare handler are what compare between runs.
 * `BENCH_DESK_DATABASE_URL` (an empty PostgreSQL database) measures on the production engine.
 */
export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bjk-bench-desk-'));
  const password = 'bench-desk-password-123';
  // BENCH_DESK_DATABASE_URL: an empty PostgreSQL database to measure on the production engine instead of the embedded one.
  const database: Record<string, string> = process.env.BENCH_DESK_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DESK_DATABASE_URL } : {};
  const { server, base } = await startApp({ DATA_DIR: dataDir, BOOTSTRAP_ADMIN_EMAIL: 'bench@bench.test', BOOTSTRAP_ADMIN_PASSWORD: password, ...database });
  const barePort = await freePort();
  const bare = await startProcess([path.join(import.meta.dirname, 'bare-server.mjs')], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/`);
  try {
    const login = await fetch(`${base}/api/v1/accounts/anon/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ logintype: 'email', username: 'bench@bench.test', password }),
    });
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}`, 'content-type': 'application/json' };
    for (let i = 0; i < PEOPLE; i++) {
      const response = await fetch(`${base}/api/v1/guest/Bench/Desk-${i}/EAT`, { method: 'POST', headers: { authorization: headers.authorization } });
      if (!response.ok) throw new Error(`guest ${i}: ${response.status} ${await response.text()}`);
    }
    // The badges as the desks know them: from the day's roster.
    const roster = (await (await fetch(`${base}/api/v1/desk/roster`, { headers })).json()) as { people: { badgeId: string; lastName: string }[] };
    const badges = roster.people.filter((p) => p.lastName.startsWith('Desk-')).map((p) => p.badgeId);
    if (badges.length !== PEOPLE) throw new Error(`roster has ${badges.length} of ${PEOPLE} guests`);
    const latencies: number[] = [];
    const scan = async (desk: number, n: number) => {
      const person = (desk * SCANS_PER_DESK + n) % PEOPLE;
      const event =
        n % 2 === 0
          ? { id: randomUUID(), badgeId: badges[person], mode: 'arrival', scannedAt: new Date().toISOString(), desk: `Desk ${desk + 1}` }
          : {
              id: randomUUID(),
              badgeId: badges[person],
              mode: 'meal',
              meal: { date: new Date().toISOString().slice(0, 10), meal: 'lunch' },
              scannedAt: new Date().toISOString(),
              desk: `Desk ${desk + 1}`,
            };
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/desk/events`, { method: 'POST', headers, body: JSON.stringify({ events: [event] }) });
      const body = (await response.json()) as { events: unknown[] };
      if (!response.ok || body.events.length !== 1) throw new Error(`scan: ${response.status} ${JSON.stringify(body)}`);
      return performance.now() - started;
    };
    /** The bare handler's answer time, measured by the same client the same way. */
    const bareLatencies: number[] = [];
    const bareRequest = async () => {
      const begun = performance.now();
      const response = await fetch(`http://127.0.0.1:${barePort}/`);
      await response.arrayBuffer();
      return performance.now() - begun;
    };
    // Warm-up: the first scans compile the route's schemas and queries.
    for (let n = 0; n < 20; n++) await scan(0, n);
    for (let n = 0; n < 20; n++) await bareRequest();
    const started = performance.now();
    let seconds = 0;
    // The scans and the baseline run at the same time (4 of each at once), so both meet the same load of the machine.
    await Promise.all([
      Promise.all(
        Array.from({ length: DESKS }, async (_, desk) => {
          for (let n = 0; n < SCANS_PER_DESK; n++) latencies.push(await scan(desk, n));
        }),
      ).then(() => {
        seconds = (performance.now() - started) / 1000;
      }),
      Promise.all(
        Array.from({ length: DESKS }, async () => {
          for (let n = 0; n < SCANS_PER_DESK; n++) bareLatencies.push(await bareRequest());
        }),
      ),
    ]);
    // The same machine's floor in the same run: the cheapest signed-in read (no scan after the cursor), 4 at once.
    const floor: number[] = [];
    await Promise.all(
      Array.from({ length: DESKS }, async () => {
        for (let n = 0; n < SCANS_PER_DESK / 2; n++) {
          const begun = performance.now();
          const response = await fetch(`${base}/api/v1/desk/events?after=2000000000`, { headers });
          await response.arrayBuffer();
          floor.push(performance.now() - begun);
        }
      }),
    );
    const round = (v: number) => Math.round(v * 10) / 10;
    const ratio = (v: number) => Math.round(v * 100) / 100;
    return [
      { name: `bare Fastify handler, ${DESKS} at once beside the scans: p50 (baseline)`, value: round(percentile(bareLatencies, 0.5)), unit: 'ms' },
      { name: `bare Fastify handler, ${DESKS} at once beside the scans: p99 (baseline)`, value: round(percentile(bareLatencies, 0.99)), unit: 'ms' },
      { name: 'desk scan p50 / bare handler p50', value: ratio(percentile(latencies, 0.5) / percentile(bareLatencies, 0.5)), unit: '×' },
      { name: 'desk scan p99 / bare handler p99', value: ratio(percentile(latencies, 0.99) / percentile(bareLatencies, 0.99)), unit: '×' },
      { name: `signed-in empty read, ${DESKS} at once: p50 (floor)`, value: Math.round(percentile(floor, 0.5) * 10) / 10, unit: 'ms' },
      { name: `signed-in empty read, ${DESKS} at once: p99 (floor)`, value: Math.round(percentile(floor, 0.99) * 10) / 10, unit: 'ms' },
      { name: `desk scan online, ${DESKS} desks at once: p50`, value: Math.round(percentile(latencies, 0.5) * 10) / 10, unit: 'ms' },
      { name: `desk scan online, ${DESKS} desks at once: p99`, value: Math.round(percentile(latencies, 0.99) * 10) / 10, unit: 'ms', note: 'target < 300 ms' },
      { name: 'desk scans recorded', value: Math.round(latencies.length / seconds), unit: '/s' },
    ];
  } finally {
    await stop(bare);
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}
