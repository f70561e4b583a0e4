import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { AppDeps } from '../src/platform/app-deps.js';
import { loadConfig, type Config } from '../src/config.js';
import { seedContentIfEmpty } from '../src/modules/content/content.seed.js';
import { getCurrentEdition, seedEditionIfEmpty } from '../src/modules/edition/edition.service.js';
import { systemContext } from '../src/platform/service-context.js';
import { createChangeBus, type ChangeBus } from '../src/platform/change-bus.js';
import { fixedClock } from '../src/platform/clock.js';
import type { Database } from '../src/platform/db.js';
import { openTestDatabase } from './test-database.js';
import { managerHeaders } from './managers.js';
import type { Role } from '@bjk/domain';

/** "Now" in tests: the demo edition has enrolment and lodging open at this instant. */
export const TEST_NOW = '2026-11-21T10:00:00+01:00';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  clock: ReturnType<typeof fixedClock>;
  config: Config;
  bus: ChangeBus;
  close(): Promise<void>;
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(import.meta.dirname, 'no-web-build'),
    ...overrides,
  });
}

/**
 * The real app on a fresh database of its own (a clone of the run's migrated template, see test-database.ts),
 * seeded with the demo edition, with a clock the test controls. One per test file.
 */
export async function createTestApp(options: { env?: Record<string, string>; now?: string; deps?: Partial<AppDeps> } = {}): Promise<TestContext> {
  const config = testConfig(options.env);
  const database = await openTestDatabase();
  const clock = fixedClock(options.now ?? TEST_NOW);
  await seedEditionIfEmpty(systemContext({ db: database.db, clock, config }));
  await seedContentIfEmpty(systemContext({ db: database.db, clock, config }), (await getCurrentEdition(database.db)).settings);
  return startInstance(config, database, clock, options.deps, async () => database.close());
}

/**
 * Another instance of the app on the same database (its own change bus and caches), as a second server
 * behind a load balancer would be. Closing it leaves the database to the first instance.
 */
export async function createSecondInstance(first: TestContext, options: { deps?: Partial<AppDeps> } = {}): Promise<TestContext> {
  return startInstance(first.config, first.database, first.clock, options.deps, async () => undefined);
}

async function startInstance(
  config: Config,
  database: Database,
  clock: ReturnType<typeof fixedClock>,
  deps: Partial<AppDeps> | undefined,
  closeDatabase: () => Promise<void>,
): Promise<TestContext> {
  // Quiet like the app's logger in tests (a listener failing on purpose must not fill the output).
  const bus = deps?.bus ?? (await createChangeBus(database, { log: { error: () => undefined, warn: () => undefined } }));
  const app = await buildApp({ config, database, db: database.db, clock, bus, ...deps });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    bus,
    close: async () => {
      await app.close();
      await bus.close();
      await closeDatabase();
    },
  };
}

/**
 * The app of a test file with a manager of these roles logged in, as most API test files start:
 * `beforeAll(async () => ({ ctx, headers: arbiter } = await createTestAppWithManager(['arbiter'])), 60_000)`.
 */
export async function createTestAppWithManager(
  roles: Role[],
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ ctx: TestContext; headers: { authorization: string } }> {
  const ctx = await createTestApp(options);
  return { ctx, headers: await managerHeaders(ctx, roles) };
}

/**
 * Registers a test file's app: created with a manager of these roles logged in before the file's tests (handed to
 * `started`, which keeps what it needs), closed after them.
 */
export function useTestAppWithManager(
  roles: Role[],
  started: (app: { ctx: TestContext; headers: { authorization: string } }) => void,
  options: Parameters<typeof createTestApp>[0] = {},
): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    const app = await createTestAppWithManager(roles, options);
    ctx = app.ctx;
    started(app);
  }, 60_000);
  afterAll(async () => ctx?.close());
}
