import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema.js';
import type { EmbeddedPostgres } from './embedded-postgres.js';

export type Schema = typeof schema;
/** The Drizzle database over node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  /** The PostgreSQL pool, for the few things Drizzle does not cover (advisory locks, LISTEN). */
  pool: pg.Pool;
  /**
   * A small pool of its own for work that runs outside any request (print jobs): however many connections that work
   * asks for at once, it waits for its own, and requests always find theirs in `pool` (issue 22: a badge page's photos,
   * read at once, held every connection while the arbiters' writes waited).
   */
  background: { db: Db; pool: pg.Pool };
  /** The embedded server this database lives on (absent with DATABASE_URL). */
  embedded?: EmbeddedPostgres;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Arbitrary but fixed key of the advisory lock that serialises start-up work across instances. */
const STARTUP_LOCK_KEY = 4_207_020_27;

/**
 * Runs `fn` while holding a PostgreSQL session-level advisory lock, so instances starting together
 * migrate and seed one after the other.
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await fn();
  } finally {
    // A failed unlock needs no handling: the lock dies with the session when the client is released.
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

export type DatabaseOptions = { url: string; poolSize?: number; backgroundPoolSize?: number; connectTimeoutMs?: number };

/** Opens a pool on the PostgreSQL server at `url` (the embedded one, see embedded-postgres.ts, or an external one). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const poolOf = (max: number) => {
    const pool = new pg.Pool({ connectionString: options.url, max, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000 });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    return { pool, db: drizzlePg({ client: pool, schema }) as unknown as Db };
  };
  const { pool, db } = poolOf(options.poolSize ?? 10);
  const background = poolOf(options.backgroundPoolSize ?? 2);
  return {
    db,
    pool,
    background,
    migrate: () => migratePg(db as never, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await Promise.all([pool.end(), background.pool.end()]);
    },
  };
}
