import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createAccount } from '../apps/server/src/modules/accounts/accounts.service.js';
import { seedEditionIfEmpty } from '../apps/server/src/modules/edition/edition.service.js';
import { seedRoomsIfEmpty } from '../apps/server/src/modules/lodging/lodging.service.js';
import { createChangeBus } from '../apps/server/src/platform/change-bus.js';
import { fixedClock } from '../apps/server/src/platform/clock.js';
import { openBenchDatabase } from './bench-database.js';
import { systemContext } from '../apps/server/src/platform/service-context.js';
import { freePort, type BenchResult } from './harness.js';

const SUBMISSIONS = 500;
/** Of those, this many are sent a second time at the same moment (a double click): they must not add a reservation. */
const RESENT = 100;
const RACERS = 50;
const RACED_ROOMS = 5;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

function family(index: number) {
  return {
    submissionId: randomUUID(),
    language: (['nl', 'fr', 'de', 'en'] as const)[index % 4],
    contact: {
      firstName: 'Bench',
      lastName: `Family${index}`,
      email: `bench${index}@example.be`,
      mobile: '+32 475 12 34 56',
      address: 'Zeedijk 1, 8420 De Haan',
    },
    roomType: 'AP6',
    arrivalDate: '2027-02-15',
    departureDate: '2027-02-21',
    guests: Array.from({ length: 5 }, (_, g) => ({
      firstName: `Guest${g}`,
      lastName: `Family${index}`,
      birthDate: g < 2 ? '1980-01-01' : '2014-05-05',
      participates: g >= 2,
    })),
    mealPlan: 'half',
    remarks: '',
  };
}

/**
 * Lodging under load, against one real server over HTTP (the embedded PostgreSQL, the default deployment): 500 concurrent
 * reservation submissions plus 100 simultaneous resubmissions of the same wizard runs (all answered, no
 * duplicate stored, time to finish), and the room race: 50 desk clicks at the same moment assigning one room
 * to 50 different reservations, for several rooms; the assignments won per room must be exactly 1.
 */
export async function run(): Promise<BenchResult[]> {
  const database = await openBenchDatabase();
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
  await seedEditionIfEmpty(systemContext({ db: database.db, clock: fixedClock('2026-11-21T10:00:00+01:00'), config }));
  const clock = fixedClock('2026-11-21T10:00:00+01:00');
  await seedRoomsIfEmpty(systemContext({ db: database.db, clock, config }));
  const bus = await createChangeBus(database);
  const app = await buildApp({ config, database, db: database.db, clock, bus });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;

  try {
    const bodies = Array.from({ length: SUBMISSIONS }, (_, i) => family(i));
    const requests = [...bodies, ...bodies.slice(0, RESENT)];
    const latencies: number[] = [];
    const started = performance.now();
    const answers = await Promise.all(
      requests.map(async (body) => {
        const t0 = performance.now();
        const response = await fetch(`${base}/api/v1/stay/cmd/make_reservation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        latencies.push(performance.now() - t0);
        return { status: response.status, number: response.ok ? ((await response.json()) as { number: string }).number : null };
      }),
    );
    const elapsed = performance.now() - started;
    const created = answers.filter((a) => a.status === 201).length;
    const numbers = new Set(answers.map((a) => a.number).filter(Boolean));
    const stored = Number(
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
      ((await database.db.execute(sql`select count(*)::int as n from lodging_reservations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
    );
    const resentSame = bodies.slice(0, RESENT).every((_, i) => answers[i]!.number === answers[SUBMISSIONS + i]!.number);

    await createAccount(systemContext({ db: database.db, clock, config }), {
      email: 'bench-desk@example.be',
      displayName: 'Bench desk',
      password: 'bench-password-123456',
      roles: ['lodging_desk'],
    });
    const login = await fetch(`${base}/api/v1/accounts/anon/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ logintype: 'email', username: 'bench-desk@example.be', password: 'bench-password-123456' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const ids = // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
      ((await database.db.execute(sql`select id from lodging_reservations order by number limit ${RACERS}`)) as unknown as { rows: { id: string }[] }).rows.map(
        (r) => r.id,
      );
    const free = ((await (await fetch(`${base}/api/v1/room/freeroom/AP6`, { headers: auth })).json()) as { items: { number: string }[] }).items;
    const rooms = free.slice(0, RACED_ROOMS).map((r) => r.number);

    const raceStarted = performance.now();
    const won: number[] = [];
    let refused = 0;
    for (const room of rooms) {
      const results = await Promise.all(ids.map((id) => fetch(`${base}/api/v1/stay/cmd/assignroom/${id}/${room}`, { method: 'POST', headers: auth })));
      won.push(results.filter((r) => r.status === 200).length);
      refused += results.filter((r) => r.status === 409).length;
    }
    const raceMs = performance.now() - raceStarted;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
    const assigned = (await database.db.execute(sql`select room_number, count(*)::int as n from lodging_room_assignments group by room_number`)) as unknown as {
      rows: { n: number }[];
    };
    const holders = assigned.rows;

    return [
      {
        name: `${requests.length} concurrent reservation submissions`,
        value: Math.round(elapsed),
        unit: 'ms',
        note: `${SUBMISSIONS} distinct + ${RESENT} resent; answered ${answers.length}/${requests.length}; 201: ${created}; ${Math.round((requests.length / elapsed) * 1000)} req/s; p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms`,
      },
      {
        name: 'reservations stored',
        value: stored,
        unit: 'rows',
        note: `expected ${SUBMISSIONS}; distinct numbers ${numbers.size}; duplicates ${stored - SUBMISSIONS}; resent runs got their first number: ${resentSame ? 'yes' : 'NO'}`,
      },
      {
        name: `room race: ${RACERS} concurrent assignments per room`,
        value: Math.max(...won),
        unit: 'won',
        note: `most assignments won by one room over ${rooms.length} rooms (must be 1); refused ${refused} of ${rooms.length * RACERS}; rows per room max ${Math.max(...holders.map((h) => h.n))}; ${Math.round(raceMs / rooms.length)} ms per race`,
      },
    ];
  } finally {
    await app.close();
    await bus.close();
    await database.close();
  }
}
