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
  /**
   * A category's published results changed: a version published or restored, or an arbiter's result entered.
   * `change` is what the category's live pages are told: `version:<n>` or `unofficial:<round>:<board>`.
   */
  | { type: 'results.changed'; edition: string; category: string; cause: 'published' | 'unofficial'; change: string }
  /** Games of a category were received (their moves become visible after the broadcast delay). */
  | { type: 'games.changed'; edition: string; category: string }
  /**
   * A manager changed which games a round shows or how (a game linked to a board, moved or deleted, the category's
   * delay): the round's viewers read it again (`round` null: every round of the category).
   */
  | { type: 'games.rearranged'; edition: string; category: string; round: number | null };

/** Announces an event; the promise (from the root) resolves once the listeners that must precede the answer ran. */
export type AfterCommit = (event: AppEvent) => void | Promise<void>;

type Listener = (event: AppEvent) => void | Promise<void>;
export type ListenerOptions = {
  /**
   * The committing call waits for this listener before it returns (so before the route answers): for what the next
   * request must see, such as dropping the public answers a change made stale. Without it the listener runs on in the
   * background (planning the followers' notices must not hold up a publish).
   */
  beforeAnswer?: boolean;
};
type Log = { error(object: object, message?: string): void };

export type AppEvents = {
  on(listener: Listener, options?: ListenerOptions): () => void;
  /**
   * Hands an event to every listener now (the root context's `afterCommit`: nothing is pending any more); resolves
   * once the `beforeAnswer` listeners have run (a failure is logged, never thrown: the change is committed).
   */
  emit(event: AppEvent): Promise<void>;
  /** Resolves when the listeners' work started so far has ended (shutdown, tests). */
  settled(): Promise<void>;
};

export function createAppEvents(log: Log = { error: () => undefined }): AppEvents {
  const listeners = new Map<Listener, ListenerOptions>();
  const running = new Set<Promise<void>>();
  return {
    on(listener, options = {}) {
      listeners.set(listener, options);
      return () => listeners.delete(listener);
    },
    async emit(event) {
      const awaited: Promise<void>[] = [];
      for (const [listener, options] of listeners) {
        // A listener's failure is its own: the change is committed, the caller's answer stands.
        const work = Promise.resolve()
          .then(() => listener(event))
          .catch((err: unknown) => log.error({ err, event: event.type }, 'after-commit listener failed'))
          .finally(() => running.delete(work));
        running.add(work);
        if (options.beforeAnswer) awaited.push(work);
      }
      await Promise.all(awaited);
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
 * to the caller's `afterCommit` (the listeners, or the list of an enclosing `inTransaction`), and it returns once the
 * listeners that must precede the answer have run.
 */
export async function inTransaction<C extends { db: DbOrTx; afterCommit?: AfterCommit }, T>(
  ctx: C,
  fn: (tx: Omit<C, 'afterCommit'> & { afterCommit: (event: AppEvent) => void }) => Promise<T>,
): Promise<T> {
  const pending: AppEvent[] = [];
  const result = await ctx.db.transaction((tx) => fn({ ...ctx, db: tx, afterCommit: (event: AppEvent) => void pending.push(event) }));
  const emit = ctx.afterCommit ?? NO_LISTENERS;
  for (const event of pending) await emit(event);
  return result;
}
