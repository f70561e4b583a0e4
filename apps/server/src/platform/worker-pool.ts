import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * CPU-heavy work off the event loop: a fixed number of worker threads running one script, each taking one task at a
 * time from a queue. A request that would hold the event loop for seconds (checking every move of a PGN file with
 * chess.js, rendering a large PDF) hands its input here and awaits the answer while the server keeps answering others.
 *
 * - The script calls `serveWorkerTasks(handler)` (`platform/worker-task.ts`); input and output are structured clones.
 * - Workers start on the first task, and do not keep the process alive (unref): a pool nobody closed never blocks exit.
 * - A task's time limit counts from when a thread took it, not while the thread loads its modules.
 * - A task whose handler throws rejects with a `WorkerTaskError` carrying the message; a worker that dies (out of memory,
 *   `process.exit`) rejects its task with a `WorkerStoppedError` (a `WorkerTaskError`: the caller may retry it) and is
 *   replaced; a task that runs past `taskTimeoutMs` ends its worker likewise.
 * - The queue is bounded (`maxQueued`): beyond it `run` rejects at once with `WorkerPoolBusyError`, for the caller to
 *   answer 503 rather than pile up work no one will wait for.
 * The server runs TypeScript through tsx: a `.ts` script gets tsx's loader in its worker too.
 */

export class WorkerTaskError extends Error {
  override name = 'WorkerTaskError';
}
/** The task's worker died or overran `taskTimeoutMs`: the task itself may succeed on a fresh thread. */
export class WorkerStoppedError extends WorkerTaskError {
  override name = 'WorkerStoppedError';
}
export class WorkerPoolBusyError extends Error {
  override name = 'WorkerPoolBusyError';
}

/**
 * The nice value of threads doing work a manager waits for (a PGN upload, a print job): on a busy machine the
 * visitors' requests go first, the heavy work takes the cores they leave.
 */
export const HEAVY_WORK_NICENESS = 10;

export type WorkerPoolOptions = {
  /** The worker's script: a module that calls `serveWorkerTasks`. */
  script: URL;
  /** Threads; by default one less than the machine's cores (at least one, at most four). */
  size?: number;
  /** Tasks waiting for a free thread before `run` refuses; 100 by default. */
  maxQueued?: number;
  /** A task still running after this long ends its worker and fails; none by default. */
  taskTimeoutMs?: number;
  /**
   * The threads' nice value (0 to 19; Linux keeps one per thread): heavy work that may wait gives way to the thread
   * answering requests when the cores are busy. Left as the process's by default; ignored where not permitted.
   */
  niceness?: number;
};

export type WorkerPool<In, Out> = {
  run(input: In): Promise<Out>;
  /** Starts every thread and resolves once all are ready (at start-up, so the first task does not wait for them). */
  warm(): Promise<void>;
  /** Ends every worker; queued and running tasks are rejected. */
  close(): Promise<void>;
  /** Threads started, tasks running and waiting (for tests and health figures). */
  stats(): { threads: number; running: number; queued: number };
};

type Task<In, Out> = { input: In; resolve: (value: Out) => void; reject: (error: Error) => void };
type Slot<In, Out> = { worker: Worker; ready: boolean; whenReady: Promise<void>; task: Task<In, Out> | null; timer: NodeJS.Timeout | null };
/** What a worker posts: once `ready` (its modules loaded), then one answer per task. */
export type WorkerReply = { ready: true } | { ok: true; value: unknown } | { ok: false; message: string };

function workerArgv(script: URL): string[] | undefined {
  if (!script.pathname.endsWith('.ts')) return undefined;
  // Already running under tsx (`tsx src/main.ts` passes its loader on): the worker inherits it.
  if (process.execArgv.some((arg) => arg.includes('tsx'))) return undefined;
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return [...process.execArgv, '--import', loader];
}

export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const size = Math.max(1, options.size ?? Math.min(4, availableParallelism() - 1));
  const maxQueued = options.maxQueued ?? 100;
  const execArgv = workerArgv(options.script);
  const slots: Slot<In, Out>[] = [];
  const queue: Task<In, Out>[] = [];
  let closed = false;

  function startWorker(): Slot<In, Out> {
    const worker = new Worker(options.script, { ...(execArgv ? { execArgv } : {}), workerData: { niceness: options.niceness } });
    worker.unref();
    let markReady = () => undefined as void;
    const whenReady = new Promise<void>((resolve) => (markReady = resolve));
    const slot: Slot<In, Out> = { worker, ready: false, whenReady, task: null, timer: null };
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        markReady();
        return next();
      }
      const task = finish(slot);
      if (!task) return;
      if (reply.ok) task.resolve(reply.value as Out);
      else task.reject(new WorkerTaskError(reply.message));
      next();
    });
    // A worker that dies takes its task with it; a fresh one takes over the queue.
    const fail = (error: Error) => {
      const task = finish(slot);
      slots.splice(slots.indexOf(slot), 1);
      task?.reject(new WorkerStoppedError(`The worker stopped: ${error.message}`));
      if (!closed) next();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      markReady(); // whoever waits for it stops waiting
      if (slots.includes(slot)) fail(new Error(`exit code ${code}`));
    });
    slots.push(slot);
    return slot;
  }

  function finish(slot: Slot<In, Out>): Task<In, Out> | null {
    const task = slot.task;
    slot.task = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    // An idle worker must not keep the process alive; a busy one is referenced by its pending task's caller anyway.
    slot.worker.unref();
    return task;
  }

  function next(): void {
    while (queue.length > 0) {
      const slot = slots.find((s) => s.ready && s.task === null);
      if (!slot) {
        // Start threads for the waiting tasks (loading a thread's modules takes a while: it counts against no task).
        const starting = slots.filter((s) => !s.ready).length;
        if (slots.length < size && starting < queue.length) {
          startWorker();
          continue;
        }
        return;
      }
      const task = queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      if (options.taskTimeoutMs) {
        slot.timer = setTimeout(() => {
          const running = finish(slot);
          slots.splice(slots.indexOf(slot), 1);
          void slot.worker.terminate();
          running?.reject(new WorkerStoppedError(`The task ran longer than ${options.taskTimeoutMs} ms`));
          next();
        }, options.taskTimeoutMs);
      }
      slot.worker.postMessage(task.input);
    }
  }

  return {
    run(input) {
      if (closed) return Promise.reject(new WorkerTaskError('The worker pool is closed'));
      if (queue.length >= maxQueued) return Promise.reject(new WorkerPoolBusyError(`More than ${maxQueued} tasks are waiting`));
      return new Promise<Out>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        next();
      });
    },
    async warm() {
      if (closed) return;
      while (slots.length < size) startWorker();
      await Promise.all(slots.map((slot) => slot.whenReady));
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new WorkerTaskError('The worker pool is closed'));
      const ending = slots.splice(0);
      for (const slot of ending) finish(slot)?.reject(new WorkerTaskError('The worker pool is closed'));
      await Promise.all(ending.map((slot) => slot.worker.terminate()));
    },
    stats: () => ({ threads: slots.length, running: slots.filter((s) => s.task !== null).length, queued: queue.length }),
  };
}

export type LazyWorkerPool<In, Out, Args extends unknown[]> = {
  /** The pool, created on first use with the options of that moment. */
  get(...args: Args): WorkerPool<In, Out>;
  /** Ends the pool's threads (the app's close); the next `get` starts a new pool. */
  close(): Promise<void>;
};

/** A module's pool, started only when a task needs it (most processes never do) and closed with the app. */
export function lazyWorkerPool<In, Out, Args extends unknown[] = []>(options: (...args: Args) => WorkerPoolOptions): LazyWorkerPool<In, Out, Args> {
  let pool: WorkerPool<In, Out> | null = null;
  return {
    get: (...args) => (pool ??= createWorkerPool<In, Out>(options(...args))),
    close: async () => {
      const closing = pool;
      pool = null;
      await closing?.close();
    },
  };
}
