import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db.js';
import { databaseUrl } from './test-database-url.js';

/** Arbitrary but fixed key of the advisory lock that serialises clones of the template across test files. */
const CLONE_LOCK_KEY = 4_207_020_28;

/** A superuser URL of the run's test server (global-setup.ts). */
export function testAdminUrl(): string {
  return inject('testAdminUrl');
}

/** A new empty-but-migrated database on the test server (a clone of the run's template); answers its URL. */
export async function createTestDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const adminUrl = testAdminUrl();
  const template = inject('testTemplate');
  const name = `bjk_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // A template cannot be cloned while another session is in it: one clone at a time, and a retry when an
    // outside session (another run's cleanup, autovacuum) happens to be connected.
    await admin.query('SELECT pg_advisory_lock($1)', [CLONE_LOCK_KEY]);
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated database for one test file, on its own PostgreSQL database dropped on close. */
export async function openTestDatabase(): Promise<Database> {
  const created = await createTestDatabase();
  const database = await openDatabase({ url: created.url, poolSize: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}
