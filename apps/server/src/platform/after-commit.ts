import type { DbOrTx } from './db.js';

/**
 * What a service tells the rest of the app once its transaction has committed: the one after-commit hook. A service
 * calls `ctx.afterCommit(event)`; inside `inTransaction` the event waits in the transaction's list and goes out only
 * when the outermost transaction commits (a rollback drops it), so a listener never acts on a change nobody can see.
 * Listeners are registered once per app (`AppEvents.on`, in `buildApp`): one module announces, another reacts
 * (results publish, notifications plan what to tell the followers), without the first importing the second and
 * without route handlers having to remember it.
 */

/** The events services announce after commit. A new one is added here. */
export type AppEvent =
  /** A category's published results changed: a version published or restored, or an arbiter's result entered. */
  | { type: 'results.changed'; edition: string; category: string; cause: 'published' | 'unofficial' }
  /** Games of a category were received (their moves become visible after the broadcast delay). */
  | { type: 'games.changed'; edition: string; category: string };

export type AfterCommit = (event: AppEvent) => void;

type Listener = (event: AppEvent) => void | Promise<void>;
type Log = { error(object: object, message?: string): void };

export type AppEvents = {
  on(listener: Listener): () => void;
  /** Hands an event to every listener now (the root context's `afterCommit`: nothing is pending any more). */
  emit: AfterCommit;
  /** Resolves when the listeners' work started so far has ended (shutdown, tests). */
  settled(): Promise<void>;
};

export function createAppEvents(log: Log = { error: () => undefined }): AppEvents {
  const listeners = new Set<Listener>();
  const running = new Set<Promise<void>>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      for (const listener of listeners) {
        // A listener's failure is its own: the change is committed, the caller's answer stands.
        const work = Promise.resolve()
          .then(() => listener(event))
          .catch((err: unknown) => log.error({ err, event: event.type }, 'after-commit listener failed'))
          .finally(() => running.delete(work));
        running.add(work);
      }
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/** For contexts nobody listens to (seeds, scripts, benchmarks of one service). */
export const NO_LISTENERS: AfterCommit = () => undefined;

/**
 * Runs `fn` in a transaction of `ctx.db` with a context whose `afterCommit` collects events; after the commit they go
 * to the caller's `afterCommit` (the listeners, or the list of an enclosing `inTransaction`).
 */
export async function inTransaction<C extends { db: DbOrTx; afterCommit?: AfterCommit }, T>(
  ctx: C,
  fn: (tx: C & { afterCommit: AfterCommit }) => Promise<T>,
): Promise<T> {
  const pending: AppEvent[] = [];
  const result = await ctx.db.transaction((tx) => fn({ ...ctx, db: tx, afterCommit: (event: AppEvent) => void pending.push(event) }));
  const emit = ctx.afterCommit ?? NO_LISTENERS;
  for (const event of pending) emit(event);
  return result;
}
