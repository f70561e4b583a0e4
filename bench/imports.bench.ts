import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../apps/server/src/config.js';
import { importMembers } from '../apps/server/src/modules/members/members.service.js';
import { checkTournamentFile } from '../apps/server/src/modules/results/tournament-file-check.js';
import { closeTournamentWorkers, readTournamentFile } from '../apps/server/src/modules/results/tournament-file-workers.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { openBenchDatabase } from './bench-database.js';
import type { BenchResult } from './harness.js';
import { syntheticSwar } from './fixtures.js';

/**
 * `npm run bench -- imports` (issue 22): how long the imports hold the event loop. (1) A member import of ROWS
 * generated rows in each format, as its job runs it (streamed from a file, upserted in batches): the event-loop
 * delay's p99 and max while it runs. (2) A tournament file of 948 players (the size of FRBE's largest real TRF; a
 * synthetic Swar export: no real names in benchmarks) read in this thread and in a worker thread: the longest gap a
 * 1 ms timer saw while it was read.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const ms = (ns: number) => Math.round(ns / 1e5) / 10;

async function memberFiles(dir: string): Promise<Record<'csv' | 'fide-txt' | 'fide-xml', string>> {
  const csv = ['idbel;idfide;first_name;last_name;birth_year;gender;club_id;club_name;fide_federation;rating_national;rating_fide'];
  const xml = ['<?xml version="1.0" encoding="utf-8"?>', '<playerslist>'];
  const txt = [
    'ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag ',
  ];
  for (let i = 0; i < ROWS; i++) {
    const fide = 30_000_000 + i;
    const year = 1950 + (i % 70);
    const rating = 1000 + (i % 1500);
    csv.push(`${5_000_000 + i};${fide};Speler;Nummer ${i};${year};M;230;Bench club;BEL;${rating};${rating}`);
    xml.push(
      `<player><fideid>${fide}</fideid><name>Speler, Nummer ${i}</name><country>BEL</country><sex>M</sex><title></title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>${rating}</rating><games>0</games><k>20</k><birthday>${year}</birthday><flag></flag></player>`,
    );
    txt.push(
      `${String(fide).padEnd(15)}${`Speler, Nummer ${i}`.padEnd(61)}${'BEL'.padEnd(4)}${'M'.padEnd(4)}${''.padEnd(29)}${String(rating).padEnd(6)}${'0'.padEnd(4)}${'20'.padEnd(3)}${''.padEnd(26)}${String(year).padEnd(6)}`,
    );
  }
  xml.push('</playerslist>');
  const files = { csv: path.join(dir, 'members.csv'), 'fide-txt': path.join(dir, 'players.txt'), 'fide-xml': path.join(dir, 'players.xml') };
  await writeFile(files.csv, csv.join('\n'));
  await writeFile(files['fide-txt'], txt.join('\n'));
  await writeFile(files['fide-xml'], xml.join('\n'));
  return files;
}

/** Runs `work` with a 1 ms timer beside it: the longest gap between its ticks is how long a request would have waited. */
async function longestGap(work: () => unknown): Promise<{ took: number; gap: number }> {
  let gap = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(tick);
  return { took: Math.round(took), gap: Math.round(gap) };
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  // The embedded PostgreSQL's start and the worker threads keep nothing alive on their own (both unref'd).
  const alive = setInterval(() => undefined, 1000);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-imports-'));
  const database = await openBenchDatabase();
  try {
    const files = await memberFiles(dir);
    const ctx = { db: database.db, clock: systemClock, config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), actor: null };
    for (const format of ['fide-xml', 'fide-txt', 'csv'] as const) {
      const histogram = monitorEventLoopDelay({ resolution: 1 });
      histogram.enable();
      const started = performance.now();
      const result = await importMembers(ctx, format, createReadStream(files[format]));
      histogram.disable();
      const note = `${result.received} rows (${result.inserted} new, ${result.unchanged} unchanged)`;
      results.push({ name: `member import ${format}: duration`, value: Math.round(performance.now() - started), unit: 'ms', note });
      results.push({ name: `member import ${format}: event-loop delay p99`, value: ms(histogram.percentile(99)), unit: 'ms' });
      results.push({ name: `member import ${format}: event-loop delay max`, value: ms(histogram.max), unit: 'ms' });
    }

    const tournament = new TextEncoder().encode(syntheticSwar(948, 9));
    const config = { workers: { threads: 1, queue: 100 } };
    // The first read in a process compiles the parser: it is the worst one.
    for (const [mode, read] of [
      ['this thread', () => checkTournamentFile(tournament)],
      ['a worker thread', () => readTournamentFile(tournament, config)],
    ] as const) {
      const runs = [];
      for (let i = 0; i < 5; i++) runs.push(await longestGap(read));
      const note = `5 reads: ${runs.map((r) => `${r.took} ms`).join(', ')}`;
      results.push({ name: `948-player file read in ${mode}: longest gap (first)`, value: runs[0]!.gap, unit: 'ms', note });
      results.push({ name: `948-player file read in ${mode}: longest gap (next)`, value: Math.max(...runs.slice(1).map((r) => r.gap)), unit: 'ms' });
    }
  } finally {
    await closeTournamentWorkers();
    await database.close();
    await rm(dir, { recursive: true, force: true });
    clearInterval(alive);
  }
  return results;
}
