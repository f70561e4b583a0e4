import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { ensureBootstrapAdmin } from './modules/accounts/accounts.service.js';
import { seedContentIfEmpty } from './modules/content/content.seed.js';
import { getCurrentEdition, seedEditionIfEmpty } from './modules/edition/edition.service.js';
import { seedRoomsIfEmpty } from './modules/lodging/lodging.service.js';
import { startMailWorker } from './modules/mail/mail.worker.js';
import { seedMembersIfEmpty } from './modules/members/members.service.js';
import { systemClock } from './platform/clock.js';
import { openDatabase, type Database } from './platform/db.js';

async function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize })
    : openDatabase({ kind: 'pglite', dataDir: `${config.dataDir}/pglite` });
}

/** PostgreSQL may still be starting (containers, failover): retry for a while before giving up. */
async function migrateWithRetry(database: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await database.migrate();
      return;
    } catch (error) {
      if (attempt >= 10) throw error;
      console.error(`database not ready (attempt ${attempt}): ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * attempt, 5000)));
    }
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await migrateWithRetry(database);
  await seedEditionIfEmpty(database.db, config.editionSeedFile);
  await seedRoomsIfEmpty(database.db, config.roomsSeedFile);
  if (await ensureBootstrapAdmin(database.db, config.bootstrapAdmin.email, config.bootstrapAdmin.password)) {
    console.log(`created the first admin account ${config.bootstrapAdmin.email}`);
  }
  await seedContentIfEmpty(database.db, (await getCurrentEdition(database.db)).settings);

  const seededMembers = await seedMembersIfEmpty(database.db, config.membersSeedFile);
  if (seededMembers > 0) console.log(`seeded ${seededMembers} demo members`);

  const app = await buildApp({ config, database, db: database.db, clock: systemClock });
  const mailWorker = startMailWorker({ db: database.db, mail: config.mail, clock: systemClock, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await mailWorker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ db: database.kind }, `championship site at http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
