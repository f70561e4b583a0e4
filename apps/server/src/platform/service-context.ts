import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { principalOf, type Principal } from './access.js';
import type { AfterCommit } from './after-commit.js';
import type { AppDeps } from './app-deps.js';
import type { Clock } from './clock.js';
import type { DbOrTx } from './db.js';

/**
 * What a service function works with, passed as its first parameter (`ctx`), one shape for every module:
 * the database (or the transaction of a calling service: `{ ...ctx, db: tx }`), the clock (the only source of
 * "now": `new Date()` and `Date.now()` are refused in modules by lint), the configuration and who acts (`null` for
 * the system: seeds, workers, a visitor). A read that needs nothing but the database may take `db: DbOrTx` alone.
 */
export type ServiceContext = {
  db: DbOrTx;
  clock: Clock;
  config: Config;
  actor: Principal | null;
  /**
   * Announces an event once the change is committed (`platform/after-commit.ts`; inside `inTransaction` it waits for
   * the commit). Absent where nobody listens (seeds, scripts).
   */
  afterCommit?: AfterCommit;
};

/** A manager's context: the actor is known (routes with a permission). */
export type ManagerContext = ServiceContext & { actor: Principal };

/** The context of a request nobody signed in to (or of the system). */
export function systemContext(deps: Pick<AppDeps, 'db' | 'clock' | 'config'> & Partial<Pick<AppDeps, 'events'>>): ServiceContext {
  return { db: deps.db, clock: deps.clock, config: deps.config, actor: null, afterCommit: deps.events?.emit };
}

/** The context of a manager's request: the route's access guard has resolved the principal. */
export function managerContext(deps: Pick<AppDeps, 'db' | 'clock' | 'config'> & Partial<Pick<AppDeps, 'events'>>, request: FastifyRequest): ManagerContext {
  return { db: deps.db, clock: deps.clock, config: deps.config, actor: principalOf(request), afterCommit: deps.events?.emit };
}
