import type { Config } from '../config.js';
import type { AppEvents } from './after-commit.js';
import type { ChangeBus } from './change-bus.js';
import type { Clock } from './clock.js';
import type { Database, Db } from './db.js';

/**
 * What the app is built from: everything with state or I/O is passed in, so tests build it on their own database.
 * In the platform, not in `app.ts`, so the modules' routes that receive it do not import the app that imports them.
 */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  /** Change notifications across instances (`platform/change-bus.ts`), created next to the database. */
  bus: ChangeBus;
  /** The after-commit hook's listeners (`platform/after-commit.ts`); `buildApp` makes them when absent. */
  events?: AppEvents;
  /** Where log lines go (standard output when absent): tests read them to prove they carry no personal data. */
  logStream?: { write(line: string): void };
};
