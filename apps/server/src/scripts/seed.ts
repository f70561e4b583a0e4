// First: an older Node stops here with a clear message (platform/node-version.ts).
import '../platform/node-version.js';
import { ConfigError, loadConfig } from '../config.js';
import { openConfiguredDatabase, prepareDatabase } from '../setup.js';

/**
 * `npm run seed`: migrates the configured database (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR) and seeds
 * what is empty, without starting the server: for preparing a production database before the instances.
 */
async function seed(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, { leaveAttachedRunning: true });
  try {
    await prepareDatabase(database, config);
    console.log(`database ready (${database.embedded ? 'embedded' : 'external'} PostgreSQL)`);
  } finally {
    await database.close();
  }
}

seed().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
