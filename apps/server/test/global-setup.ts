import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/platform/embedded-postgres.js';
import { databaseUrl } from './test-database-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test PostgreSQL server (TEST_DATABASE_URL's, or the run's embedded one). */
    testAdminUrl: string;
    /** The migrated database each test file's database is cloned from. */
    testTemplate: string;
  }
}

/**
 * Once per run of the server project: the PostgreSQL server (TEST_DATABASE_URL's, else an embedded cluster in
 * .tmp/test-postgres without durability) and a template database migrated once; each test file clones it
 * (test-database.ts). The template is dropped at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: EmbeddedPostgres | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = path.resolve(import.meta.dirname, '../../../.tmp/test-postgres');
    server = await startEmbeddedPostgres(dir, { durable: false, maxConnections: 500 });
    adminUrl = server.adminUrl;
  }
  const template = `bjk_tpl_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl(adminUrl, template), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('testAdminUrl', adminUrl);
  project.provide('testTemplate', template);
  return async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await dropper.end();
    await server?.stop();
  };
}
