import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply } from './worker-pool.js';

/**
 * The worker's side of `createWorkerPool`: answers each task posted to this thread with the handler's value, or with
 * the message of what it threw (the error's class does not cross threads). One task at a time: the pool posts the
 * next only after the answer.
 */
export function serveWorkerTasks<In, Out>(handler: (input: In) => Out | Promise<Out>): void {
  if (!parentPort) throw new Error('serveWorkerTasks runs in a worker thread');
  const port = parentPort;
  const niceness = (workerData as { niceness?: number } | null)?.niceness;
  if (niceness !== undefined) {
    try {
      // Pid 0 is the calling thread on Linux (a nice value per thread): the main thread keeps its priority.
      setPriority(0, niceness);
    } catch {
      // Not permitted here (another OS, a sandbox): the work runs at the process's priority, only slower for others.
    }
  }
  port.on('message', (input: In) => {
    void (async () => {
      let reply: WorkerReply;
      try {
        reply = { ok: true, value: await handler(input) };
      } catch (error) {
        reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(reply);
    })();
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
}
