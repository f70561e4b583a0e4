import type { Config } from './config.js';
import { ensureBootstrapAdmin } from './modules/accounts/accounts.service.js';
import { seedContentIfEmpty } from './modules/content/content.seed.js';
import { getCurrentEdition, seedEditionIfEmpty } from './modules/edition/edition.service.js';
import { seedFilesIfEmpty } from './modules/files/files.seed.js';
import { seedRoomsIfEmpty } from './modules/lodging/lodging.service.js';
import { seedMembersIfEmpty } from './modules/members/members.service.js';
import { systemClock } from './platform/clock.js';
import { openDatabase, withStartupLock, type Database, type DatabaseOptions } from './platform/db.js';
import { startEmbeddedPostgres, type EmbeddedPostgresOptions } from './platform/embedded-postgres.js';
import { systemContext } from './platform/service-context.js';

/**
 * DATABASE_URL's server, else the embedded PostgreSQL of DATA_DIR (started, or found already running: the
 * manager CLI beside a running site, or an orphan left by a `kill -9` of Node). Closing the database stops
 * the embedded server after the pool (the CLI leaves a server it found running alone).
 */
export async function openConfiguredDatabase(
  config: Config,
  options: { leaveAttachedRunning?: boolean; log?: (entry: { level: string; sqlstate: string }) => void } = {},
): Promise<Database> {
  const pools = { poolSize: config.databasePoolSize, backgroundPoolSize: config.databaseBackgroundPoolSize };
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl, ...pools });
  return openEmbeddedDatabase(config.dataDir, options, pools);
}

/** The embedded PostgreSQL of `dataDir`, started, with its pool; closing the database stops the server after the pool. */
export async function openEmbeddedDatabase(dataDir: string, options: EmbeddedPostgresOptions, pools: Omit<DatabaseOptions, 'url'>): Promise<Database> {
  const server = await startEmbeddedPostgres(dataDir, options);
  const database = await openDatabase({ url: server.url, ...pools }).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  return {
    ...database,
    embedded: server,
    close: async () => {
      await database.close();
      await server.stop();
    },
  };
}

/** PostgreSQL may still be starting (containers, failover): retry for a while before giving up. */
async function retry<T>(what: string, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= 10) throw error;
      console.error(`${what} failed (attempt ${attempt}): ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * attempt, 5000)));
    }
  }
}

/**
 * Brings a database to the current schema and, on first start, seeds the demo edition, rooms, content,
 * members and the bootstrap admin (each only when its table is empty). Several instances starting at
 * once take turns through a PostgreSQL advisory lock.
 */
export async function prepareDatabase(database: Database, config: Config, log: (line: string) => void = console.log): Promise<void> {
  await retry('migrating the database', () =>
    withStartupLock(database, async () => {
      await database.migrate();
      const db = database.db;
      if (await seedEditionIfEmpty(systemContext({ db, clock: systemClock, config }))) log('seeded the demo edition');
      await seedRoomsIfEmpty(systemContext({ db, clock: systemClock, config }));
      if (await ensureBootstrapAdmin(systemContext({ db, clock: systemClock, config }), config.bootstrapAdmin.email, config.bootstrapAdmin.password)) {
        log(`created the first admin account ${config.bootstrapAdmin.email}`);
      }
      const edition = (await getCurrentEdition(db)).settings;
      await seedContentIfEmpty(systemContext({ db, clock: systemClock, config }), edition);
      await seedFilesIfEmpty(systemContext({ db, clock: systemClock, config }), edition);
      const seededMembers = await seedMembersIfEmpty(systemContext({ db, clock: systemClock, config }));
      if (seededMembers > 0) log(`seeded ${seededMembers} demo members`);
    }),
  );
}
