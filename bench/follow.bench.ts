import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getCurrentEdition } from '../apps/server/src/modules/edition/edition.service.js';
import { followSubscriptions } from '../apps/server/src/modules/notifications/notifications.tables.js';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/platform/db.js';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.js';
import { startPushService, type PushService } from '../apps/server/test/push-service.js';
import { startApp, stop, type BenchResult } from './harness.js';
import { BENCH_ADMIN, benchApp, onScratchDatabase, publishSwar, signIn, swarDataUrl, syntheticSwar } from './fixtures.js';

/**
 * `npm run bench -- follow`: a round's pairings published with FOLLOWERS (default 5 000) browsers following the
 * category's players, on one instance run as `npm start` runs it, against a loopback push service over TLS (a test CA
 * given through NODE_EXTRA_CA_CERTS) that decrypts every payload with its subscription's private key (RFC 8291 end to
 * end). Figures: the time from the publish request to the last message received (target < 10 s) and the p99 of
 * publish → receipt. PostgreSQL with BENCH_DATABASE_URL (a scratch database is made and dropped), else the embedded one.
 */
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 5000);
const PLAYERS = 300;
const LANGUAGES = ['nl', 'fr', 'de', 'en'] as const;

/** CPU seconds (user + system) a process has used so far (Linux): a figure the neighbours' load does not inflate. */
function cpuSecondsOf(pid: number, thread?: number): number {
  const fields = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8')
    .split(') ')[1]!
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The synthetic file with round 1 paired and not yet played (Swar writes "-" for a game without result). */
function pairedRound1(): string {
  const file = JSON.parse(syntheticSwar(PLAYERS, 1, 'U10')) as { Swar: { Player: { RoundArray: { Result: string }[]; Points: string }[] } };
  for (const player of file.Swar.Player) {
    player.Points = '0.0';
    for (const round of player.RoundArray) round.Result = '-';
  }
  return JSON.stringify(file);
}

/** Publishes the starting list and writes the followers, in process; the instance under test starts afterwards. */
async function prepare(options: DatabaseOptions, env: Record<string, string>, push: PushService): Promise<Map<string, string>> {
  const database = await openDatabase(options);
  const languages = new Map<string, string>();
  try {
    const bench = await benchApp(database, { env });
    try {
      await publishSwar(bench, 'U10', syntheticSwar(PLAYERS, 0, 'U10'));
    } finally {
      await bench.close();
    }
    const edition = (await getCurrentEdition(database.db)).code;
    const before = new Date(Date.now() - 60_000);
    const rows = Array.from({ length: FOLLOWERS }, (_, i) => {
      const subscription = push.subscribe();
      const language = LANGUAGES[i % LANGUAGES.length]!;
      languages.set(subscription.id, language);
      return {
        edition,
        category: 'U10',
        pairingNumber: (i % PLAYERS) + 1,
        channel: 'push' as const,
        target: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        language,
        confirmedAt: before,
        createdAt: before,
      };
    });
    for (let i = 0; i < rows.length; i += 1000) await database.db.insert(followSubscriptions).values(rows.slice(i, i + 1000));
  } finally {
    await database.close();
  }
  return languages;
}

async function measure(label: string, options: DatabaseOptions, env: Record<string, string>): Promise<BenchResult[]> {
  const push = await startPushService();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bjk-bench-follow-'));
  const caFile = path.join(dir, 'push-ca.pem');
  await writeFile(caFile, push.ca);
  try {
    const languages = await prepare(options, env, push);
    const { server, base } = await startApp({
      ...env,
      BOOTSTRAP_ADMIN_EMAIL: BENCH_ADMIN.email,
      BOOTSTRAP_ADMIN_PASSWORD: BENCH_ADMIN.password,
      OUTBOUND_ALLOW: '127.0.0.1',
      NODE_EXTRA_CA_CERTS: caFile,
    });
    try {
      const headers = await signIn(base);
      const cpuBefore = cpuSecondsOf(server.pid!);
      const mainBefore = cpuSecondsOf(server.pid!, server.pid);
      const publishedAt = performance.timeOrigin + performance.now();
      const answer = await fetch(`${base}/api/v1/tournament/json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: 'U10', jsoncontent: swarDataUrl(pairedRound1()) }),
      });
      const answeredMs = performance.timeOrigin + performance.now() - publishedAt;
      if (answer.status !== 200) throw new Error(await answer.text());
      // On a loaded machine some messages time out and wait for their retry: the figures then say how many arrived.
      const complete = await push.waitFor(FOLLOWERS, 600_000).then(
        () => true,
        () => false,
      );
      const cpu = cpuSecondsOf(server.pid!) - cpuBefore;
      const mainThread = cpuSecondsOf(server.pid!, server.pid) - mainBefore;
      const load = os.loadavg()[0]!.toFixed(1);
      const delays = push.received.map((m) => m.receivedAt - publishedAt).sort((a, b) => a - b);
      const wrong = push.received.filter((m) => m.payload.kind !== 'pairing' || m.payload.lang !== languages.get(m.subscriptionId)).length;
      const twice = push.received.length - new Set(push.received.map((m) => m.subscriptionId)).size;
      const last = delays.at(-1)!;
      const p99 = delays[Math.ceil(delays.length * 0.99) - 1]!;
      return [
        {
          name: `${label}: fan-out to ${FOLLOWERS} browsers`,
          value: Math.round(last),
          unit: 'ms',
          note: `${complete ? '' : `ONLY ${push.received.length} of ${FOLLOWERS} within 600 s (${push.refused.length} refused); `}publish → last receipt; publish answered in ${Math.round(answeredMs)} ms; target < 10000: ${complete && last < 10_000 ? 'met' : 'MISSED'}; wrong payload ${wrong}, duplicates ${twice}; ${push.connections()} TLS connections`,
        },
        { name: `${label}: publish → receipt p99`, value: Math.round(p99), unit: 'ms', note: `p50 ${Math.round(delays[Math.floor(delays.length / 2)]!)} ms` },
        {
          name: `${label}: server CPU for the fan-out`,
          value: Number(cpu.toFixed(1)),
          unit: 's',
          note: `${((cpu * 1000) / FOLLOWERS).toFixed(2)} ms CPU per message (import, plan, encrypt, post), of which the main thread ${((mainThread * 1000) / FOLLOWERS).toFixed(2)} ms; machine load average ${load} on ${os.cpus().length} cores`,
        },
      ];
    } finally {
      await stop(server);
    }
  } finally {
    await push.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One fan-out on a scratch database of its own (PostgreSQL with BENCH_DATABASE_URL, else the embedded one). */
async function fanOut(label: string, extra: Record<string, string>): Promise<BenchResult[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl)
    return onScratchDatabase(adminUrl, `bench_follow_${process.pid}`, (url) => measure(`PostgreSQL, ${label}`, { url }, { DATABASE_URL: url, ...extra }));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bjk-bench-follow-db-'));
  try {
    // The embedded PostgreSQL of DATA_DIR, started here; the site's process finds it running and uses it.
    await chmod(dataDir, 0o755);
    const server = await startEmbeddedPostgres(dataDir);
    try {
      return await measure(`embedded PostgreSQL, ${label}`, { url: server.url }, { DATA_DIR: dataDir, ...extra });
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The baseline first, in the same run (unless BENCH_FOLLOW_BASELINE=0): every message encrypted on the main thread (`NOTIFY_ENCRYPT_THREADS=0`, as
 * before the pool), then the encryption pool as configured by default; the ratio compares the two fan-outs.
 */
export async function run(): Promise<BenchResult[]> {
  // BENCH_FOLLOW_BASELINE=0: the pool's fan-out only (comparing two versions of the sender, run one after the other).
  if (process.env.BENCH_FOLLOW_BASELINE === '0') return fanOut('encryption pool', {});
  const baseline = await fanOut('main thread (baseline)', { NOTIFY_ENCRYPT_THREADS: '0' });
  const pooled = await fanOut('encryption pool', {});
  const ratio = baseline[0]!.value / pooled[0]!.value;
  return [
    ...baseline,
    ...pooled,
    { name: 'fan-out: baseline / pool', value: Number(ratio.toFixed(2)), unit: 'x', note: `${FOLLOWERS} browsers; above 1 the pool is faster` },
  ];
}
