import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/platform/db.js';
import { openEmbeddedDatabase } from '../apps/server/src/setup.js';

/**
 * The embedded PostgreSQL of `dataDir` (what `npm start` runs with that DATA_DIR), opened in this process: seed
 * it, close it (which stops the server), then start the site on the same DATA_DIR. The directory must be
 * enterable by the OS user postgres when the bench runs as root.
 */
export async function openDataDirDatabase(dataDir: string): Promise<Database> {
  await chmod(dataDir, 0o755);
  const database = await openEmbeddedDatabase(dataDir, { leaveAttachedRunning: false }, { poolSize: 10 });
  await database.migrate();
  return database;
}

/** A migrated database on an embedded PostgreSQL of its own in the clone's .tmp, removed at close. */
export async function openBenchDatabase(): Promise<Database> {
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
  const dataDir = await mkdtemp(path.join(repoRoot, '.tmp', 'bench-db-'));
  const database = await openDataDirDatabase(dataDir);
  return {
    ...database,
    close: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
