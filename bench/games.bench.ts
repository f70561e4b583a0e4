import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../apps/server/src/config.js';
import { openDataDirDatabase } from './bench-database.js';
import { benchApp, openEventStreams } from './fixtures.js';
import { rssOf, startApp, stop, type BenchResult } from './harness.js';

/**
 * `npm run bench -- games`: BOARDS boards each receiving a move every 10 s (pushed by the relay, one game per push),
 * VIEWERS viewers of the round's stream on one instance, a broadcast delay of DELAY_S seconds. Measured: push →
 * viewer event minus the delay (p99, target < 1 s; on a sample of viewers, whose events are parsed), the server's
 * CPU share and memory; and the games page's JavaScript (gzip) from the build. Synthetic games, no real names.
 * The viewers that are not sampled live in VIEWER_PROCESSES child processes (`games-viewers.ts`), which only read
 * their streams: one client process for 5 000 streams would measure the client. Every process's CPU is reported.
 */
const VIEWER_PROCESSES = Number(process.env.BENCH_VIEWER_PROCESSES ?? 2);
const BOARDS = Number(process.env.BENCH_BOARDS ?? 200);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 5000);
const SAMPLED = 100;
const DELAY_S = 2;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
// Knights out and back: legal for ever, so every board can keep moving.
const CYCLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];

/** CPU time of a process in seconds (user + system). */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const pgnOf = (board: number, plies: number) => {
  const moves = Array.from({ length: plies }, (_, i) => `${i % 2 === 0 ? `${i / 2 + 1}. ` : ''}${CYCLE[i % 4]}`).join(' ');
  return `[Round "1.${board}"]\n[White "White ${board}"]\n[Black "Black ${board}"]\n\n${moves} *\n`;
};

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bjk-bench-games-'));
  let pushToken = '';
  try {
    const database = await openDataDirDatabase(dataDir);
    const { app, headers, close } = await benchApp(database);
    try {
      await app.inject({
        method: 'PUT',
        url: '/api/v1/games/sources/U10',
        headers,
        payload: { delaySeconds: DELAY_S, pollUrl: null, pollSeconds: 30, pollRound: null },
      });
      pushToken = (await app.inject({ method: 'POST', url: '/api/v1/games/sources/U10/token', headers })).json().token;
    } finally {
      await close();
      await database.close();
    }

    const { server, base } = await startApp({
      DATA_DIR: dataDir,
      // Every viewer of this benchmark comes from 127.0.0.1: the per-address cap would stop them at 2 000.
      STREAMS_PER_ADDRESS: String(VIEWERS + 100),
      STREAMS_MAX: String(VIEWERS + 100),
    });
    const push = (board: number, plies: number) =>
      fetch(`${base}/api/v1/games/push/U10`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pushToken}`, 'content-type': 'text/plain' },
        body: pgnOf(board, plies),
      }).then(
        (r) => {
          if (!r.ok) throw new Error(`push ${r.status}`);
        },
        (error: Error & { cause?: { code?: string; message?: string } }) => {
          throw new Error(`push failed: ${error.cause?.code ?? error.cause?.message ?? error.message}`);
        },
      );
    try {
      for (let board = 1; board <= BOARDS; board++) await push(board, 1);
      const rssBefore = rssOf(server.pid!);
      const pushedAt = new Map<string, number>();
      const latencies: number[] = [];
      const streamUrl = `${base}/api/v1/games/public/U10/1/stream`;
      // The unsampled viewers: child processes that open their share of the streams and read them.
      const others = VIEWERS - Math.min(SAMPLED, VIEWERS);
      const viewerProcesses: ChildProcess[] = [];
      const openedElsewhere = Promise.all(
        Array.from({ length: VIEWER_PROCESSES }, (_, i) => {
          const count = Math.floor(others / VIEWER_PROCESSES) + (i < others % VIEWER_PROCESSES ? 1 : 0);
          const child = fork(fileURLToPath(new URL('./games-viewers.ts', import.meta.url)), [streamUrl, String(count)], {
            execArgv: ['--import', 'tsx'],
            stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          });
          viewerProcesses.push(child);
          return new Promise<void>((resolve, reject) => {
            child.once('message', () => resolve());
            child.once('exit', (code) => reject(new Error(`viewer process exited (${code})`)));
          });
        }),
      );
      // A viewer process that fails is reported after the sampled viewers are connected, not lost.
      openedElsewhere.catch(() => undefined);
      const closeSampled = await openEventStreams(
        streamUrl,
        Math.min(SAMPLED, VIEWERS),
        () => {
          const known = new Map<number, number>();
          let buffer = '';
          return (chunk) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = block.split('\n').find((l) => l.startsWith('data: '));
              if (!data) continue;
              const now = performance.now();
              for (const game of (JSON.parse(data.slice(6)) as { games: { board: number; moves: unknown[] }[] }).games) {
                const before = known.get(game.board);
                known.set(game.board, game.moves.length);
                if (before === undefined) continue;
                for (let ply = before + 1; ply <= game.moves.length; ply++) {
                  const at = pushedAt.get(`${game.board}:${ply}`);
                  if (at !== undefined) latencies.push(now - at - DELAY_S * 1000);
                }
              }
            }
          };
        },
        'event: games',
      );
      await openedElsewhere;
      const rssConnected = rssOf(server.pid!);
      // The load: every board moves once every 10 s, the boards spread evenly over those 10 s.
      const plies = new Map<number, number>(Array.from({ length: BOARDS }, (_, i) => [i + 1, 1]));
      const clientPids = [process.pid, ...viewerProcesses.map((c) => c.pid!)];
      const cpuStart = cpuOf(server.pid!);
      const clientCpuStart = clientPids.map(cpuOf);
      const started = performance.now();
      let next = 0;
      const pushes: Promise<void>[] = [];
      while (performance.now() - started < LOAD_SECONDS * 1000) {
        const board = (next % BOARDS) + 1;
        const ply = plies.get(board)! + 1;
        plies.set(board, ply);
        pushedAt.set(`${board}:${ply}`, performance.now());
        pushes.push(push(board, ply));
        next++;
        const due = started + (next * 10_000) / BOARDS;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      }
      await Promise.all(pushes);
      const loadSeconds = (performance.now() - started) / 1000;
      const cpu = (cpuOf(server.pid!) - cpuStart) / loadSeconds;
      const clientCpu = clientPids.map((pid, i) => (cpuOf(pid) - clientCpuStart[i]!) / loadSeconds);
      await new Promise((resolve) => setTimeout(resolve, DELAY_S * 1000 + 1500));
      const rssLoaded = rssOf(server.pid!);
      const sorted = [...latencies].sort((a, b) => a - b);
      const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1] ?? Infinity;
      const expected = next * SAMPLED;
      results.push({
        name: `push → viewer after the delay, ${BOARDS} boards × 1 move/10 s, ${VIEWERS} viewers`,
        value: Math.round(p99),
        unit: 'ms p99',
        note: `${sorted.length}/${expected} moves seen by ${SAMPLED} sampled viewers; median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms; earliest ${Math.round(sorted[0] ?? 0)} ms (never negative: nothing before the delay); target p99 < 1000: ${p99 < 1000 ? 'met' : 'MISSED'}`,
      });
      results.push({
        name: 'server CPU during the load',
        value: Math.round(cpu * 100),
        unit: '% of a core',
        note: `${next} pushes in ${loadSeconds.toFixed(0)} s; clients: ${clientCpu.map((c) => `${Math.round(c * 100)} %`).join(' + ')} of a core (sampled viewers and pushes, then ${VIEWER_PROCESSES} viewer processes)`,
      });
      results.push({
        name: 'server memory',
        value: Math.round(rssLoaded / 1e6),
        unit: 'MB',
        note: `${Math.round(rssBefore / 1e6)} MB before viewers, ${Math.round(rssConnected / 1e6)} MB with ${VIEWERS} streams (${Math.round((rssConnected - rssBefore) / VIEWERS / 1024)} kB each)`,
      });
      closeSampled();
      for (const child of viewerProcesses) child.kill();
    } finally {
      await stop(server);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  // The games page's own JavaScript: its chunk (chess.js and cm-chessboard inside), over the site's shared chunks.
  const assets = path.join(repoRoot, 'apps/web/dist/assets');
  const chunk = readdirSync(assets).find((f) => /^GamesPage-.*\.js$/.test(f));
  if (chunk)
    results.push({
      name: 'games page chunk (chess.js + board)',
      value: Math.round(gzipSync(readFileSync(path.join(assets, chunk))).length / 1024),
      unit: 'kB gzip',
      note: `${chunk}; loaded only on /games pages`,
    });
  return results;
}
