import http from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createAccount } from '../apps/server/src/modules/accounts/accounts.service.js';
import { importMembers } from '../apps/server/src/modules/members/members.service.js';
import { createChangeBus, type ChangeBus } from '../apps/server/src/platform/change-bus.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import type { Database } from '../apps/server/src/platform/db.js';
import { systemContext, type ServiceContext } from '../apps/server/src/platform/service-context.js';
import { prepareDatabase } from '../apps/server/src/setup.js';
import { multipartFile } from '../apps/server/test/bank-statements.js';

/**
 * The set-up the benches share: the signed-in app in the bench's own process (to seed through the API, as the back
 * office does), members, enrolled players, a published category, the results' event streams, a scratch database on
 * an external PostgreSQL. Each bench measures; what it seeds comes from here.
 */

/** The benches' administrator (the bootstrap admin of `prepareDatabase`, or created by a bench's own seed). */
export const BENCH_ADMIN = { email: 'bench@bench.test', password: 'bench-password-123456' };

/** A member registry's CSV: `count` youth players numbered from `firstId` (`lastName(i)` names player i). */
export function memberCsv(
  count: number,
  firstId: number,
  options: { firstName?: string; lastName?: (i: number) => string; birthYear?: number } = {},
): Readable {
  const { firstName = 'Player', lastName = (i: number) => `Bench-${i}`, birthYear = 2010 } = options;
  const lines = ['idbel;idfide;first_name;last_name;birth_year;gender;club_id;club_name;fide_federation;rating_national;rating_fide'];
  for (let i = 0; i < count; i++) lines.push(`${firstId + i};;${firstName};${lastName(i)};${birthYear};${i % 2 ? 'M' : 'F'};101;KSK Brugge;BEL;${1000 + i};`);
  return Readable.from([`${lines.join('\n')}\n`]);
}

export type BenchApp = {
  app: FastifyInstance;
  /** The administrator's bearer token. */
  headers: { authorization: string };
  /** A service context on the same database, for what has no route (importing members). */
  ctx: ServiceContext;
  close(): Promise<void>;
};

/**
 * The app on `database` in this process, the administrator signed in. By default the database is prepared as
 * `npm start` prepares it (migrations, the demo site, the bootstrap administrator); with `seed`, only migrated, seeded
 * by `seed` and given the administrator. `env` adds to the configuration. `close` stops the app and its bus (not the database).
 */
export async function benchApp(
  database: Database,
  options: { seed?: (ctx: ServiceContext) => Promise<void>; env?: Record<string, string> } = {},
): Promise<BenchApp> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    BOOTSTRAP_ADMIN_EMAIL: BENCH_ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...options.env,
  });
  const ctx = systemContext({ db: database.db, clock: systemClock, config });
  if (options.seed) {
    await database.migrate();
    await options.seed(ctx);
    await createAccount(ctx, { email: BENCH_ADMIN.email, displayName: 'Bench', password: BENCH_ADMIN.password, roles: ['admin'] });
  } else {
    await prepareDatabase(database, config, () => undefined);
  }
  const bus: ChangeBus = await createChangeBus(database);
  const app = await buildApp({ config, database, db: database.db, clock: systemClock, bus });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/accounts/anon/login',
    payload: { logintype: 'email', username: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  return {
    app,
    headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
    ctx,
    close: async () => {
      await app.close();
      await bus.close();
    },
  };
}

/** Imports `count` members from `firstId` (`memberCsv`'s options) into the registry. */
export const importBenchMembers = (bench: BenchApp, count: number, firstId: number, options?: Parameters<typeof memberCsv>[2]) =>
  importMembers(bench.ctx, 'csv', memberCsv(count, firstId, options));

type Participant = { id: number; category: string; mealsCode: string | null; ratingNational: number | null; ratingFide: number | null };

/**
 * Enrols members `firstId … firstId + count - 1` in U20 through the API and enables them (each with a parent's
 * address); `mealsCode(i, given)` chooses player i's meals (the enrolment's own by default), `then` runs after each.
 */
export async function enrolPlayers(
  bench: BenchApp,
  count: number,
  firstId: number,
  options: { mealsCode?: (i: number, given: string | null) => string | null; then?: (i: number, participant: Participant) => Promise<void> } = {},
): Promise<void> {
  const { app, headers } = bench;
  for (let i = 0; i < count; i++) {
    const added = await app.inject({ method: 'POST', url: `/api/v1/participant/bjk/${firstId + i}/U20`, headers });
    if (added.statusCode !== 200) throw new Error(`participant ${i}: ${added.body}`);
    const p = added.json<Participant>();
    const edit = {
      category: p.category,
      email: '',
      parentEmail: `parent${i}@example.test`,
      attendantEmail: '',
      mealsCode: options.mealsCode ? options.mealsCode(i, p.mealsCode) : p.mealsCode,
      ratingNational: p.ratingNational,
      ratingFide: p.ratingFide,
      enabled: true,
      remarks: '',
    };
    const saved = await app.inject({ method: 'PUT', url: `/api/v1/participant/bjk/${p.id}`, headers, payload: edit });
    if (saved.statusCode !== 200) throw new Error(`participant ${i}: ${saved.body}`);
    await options.then?.(i, p);
  }
}

/** Uploads a participant's photo through the API. */
export async function uploadPhoto(bench: BenchApp, participantId: number, jpeg: Buffer): Promise<void> {
  const file = multipartFile('photo.jpg', jpeg, 'photo');
  const uploaded = await bench.app.inject({
    method: 'POST',
    url: `/api/v1/participant/photo/bjk/${participantId}`,
    headers: { ...bench.headers, ...file.headers },
    payload: file.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`photo ${participantId}: ${uploaded.body}`);
}

/** A Swar v6.75 export of `players` players and `rounds` played rounds, paired by the circle method. */
export function syntheticSwar(players: number, rounds: number, category = 'U8'): string {
  const n = players % 2 === 0 ? players : players + 1;
  const entries = Array.from({ length: players }, (_, i) => ({ ni: i + 1, rounds: [] as object[], points: 0 }));
  for (let r = 1; r <= rounds; r++) {
    const order = [1, ...Array.from({ length: n - 1 }, (_, i) => ((i + r - 1) % (n - 1)) + 2)];
    for (let b = 0; b < n / 2; b++) {
      const white = order[b]!;
      const black = order[n - 1 - b]!;
      const outcome = (white * 7 + black * 3 + r) % 3; // 0 white wins, 1 draw, 2 black wins
      const w = entries[white - 1];
      const k = entries[black - 1];
      const board = String(b + 1);
      const result = (mine: number) => (mine === 1 ? '1' : mine === 0.5 ? '½' : '0');
      const wp = outcome === 0 ? 1 : outcome === 1 ? 0.5 : 0;
      if (w && k) {
        w.rounds.push({ RoundNr: r, Tabel: board, OpponentNi: black, OpponentName: `Player ${black}`, Result: result(wp), Color: 'White', Float: '=' });
        k.rounds.push({ RoundNr: r, Tabel: board, OpponentNi: white, OpponentName: `Player ${white}`, Result: result(1 - wp), Color: 'Black', Float: '=' });
        w.points += wp;
        k.points += 1 - wp;
      } else {
        const alone = w ?? k!;
        alone.rounds.push({ RoundNr: r, Tabel: 'BYE', OpponentNi: -1, OpponentName: 'NO', Result: '1B', Color: 'No Color', Float: '=' });
        alone.points += 1;
      }
    }
  }
  const ranked = [...entries].sort((a, b) => b.points - a.points || a.ni - b.ni);
  return JSON.stringify({
    Swar: {
      TournamentDesc: {
        Version: 'v6.75',
        Tournament: `Bench ${category}`,
        NbOfRounds: 9,
        StartDate: '16/02/2026',
        EndDate: '22/02/2026',
        TieBreaks: [{ Type: 'Bucholtz Cut 1' }, { Type: 'Bucholtz' }, { Type: 'Sonneborn-Berger' }],
        ByeValue: '1',
        AbsValue: '0',
      },
      Player: entries.map((e) => ({
        Ranking: ranked.indexOf(e) + 1,
        Name: `Player, Number ${e.ni}`,
        Ni: e.ni,
        FideId: 0,
        FideElo: 1000 + e.ni,
        NationalElo: 0,
        ClubName: 'Bench club',
        Sex: 'Male',
        BirthDate: '2018',
        Country: 'BEL',
        Points: e.points.toFixed(1),
        TieBreak: [],
        NbRounds: e.rounds.length,
        RoundArray: e.rounds,
      })),
    },
  });
}

/** A Swar file as the specification's JSON call carries it. */
export const swarDataUrl = (json: string) => `data:application/json;base64,${Buffer.from(json).toString('base64')}`;

/** Imports and publishes a Swar file (JSON text) as category `name`; answers the published version. */
export async function publishSwar(bench: BenchApp, name: string, json: string): Promise<number> {
  const answer = await bench.app.inject({
    method: 'POST',
    url: '/api/v1/tournament/json',
    headers: bench.headers,
    payload: { name, jsoncontent: swarDataUrl(json) },
  });
  if (answer.statusCode !== 200) throw new Error(`results ${name}: ${answer.body}`);
  return answer.json<{ version: number }>().version;
}

/** The administrator's bearer token from the app running at `base` (its own process). */
export async function signIn(base: string): Promise<{ authorization: string }> {
  const answer = await fetch(`${base}/api/v1/accounts/anon/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ logintype: 'email', username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  if (!answer.ok) throw new Error(`login: ${answer.status}`);
  return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

/** How long opening the streams may take on a loaded machine. */
const OPEN_STREAMS_MS = 120_000;

/**
 * `count` visitors on an event stream (`url`); resolves once every one is connected (its first chunk holds `opened`),
 * with the function that closes them. `visitor(i)` answers what reads visitor i's chunks, its first one included.
 */
export async function openEventStreams(
  url: string,
  count: number,
  visitor: (i: number) => (chunk: string) => void,
  opened = ': connected',
): Promise<() => void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  let connected = 0;
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${connected} of ${count} streams connected in ${OPEN_STREAMS_MS / 1000} s`)), OPEN_STREAMS_MS);
    for (let i = 0; i < count; i++) {
      const onData = visitor(i);
      const request = http.get(url, { agent }, (response) => {
        // A refused stream (the per-address cap, a busy server) would otherwise leave the wait without an end.
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream ${i}: HTTP ${response.statusCode}`));
          return;
        }
        let open = false;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (!open && chunk.includes(opened)) {
            open = true;
            if (++connected === count) resolve();
          }
          onData(chunk);
        });
      });
      request.on('error', reject);
      requests.push(request);
    }
  }).catch((error: unknown) => {
    clearTimeout(timer);
    for (const request of requests) request.destroy();
    agent.destroy();
    throw error;
  });
  clearTimeout(timer);
  return () => {
    for (const request of requests) request.destroy();
    agent.destroy();
  };
}

/** Runs `fn` on a database `name` created for it on the external PostgreSQL of `adminUrl`, dropped afterwards. */
export async function onScratchDatabase<T>(adminUrl: string, name: string, fn: (url: string) => Promise<T>): Promise<T> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
