import { parentPort } from 'node:worker_threads';
import type { WorkerReply } from './worker-pool.js';

/**
 * The worker's side of `createWorkerPool`: answers each task posted to this thread with the handler's value, or with
 * the message of what it threw (the error's class does not cross threads). One task at a time: the pool posts the
 * next only after the answer.
 */
export function serveWorkerTasks<In, Out>(handler: (input: In) => Out | Promise<Out>): void {
  if (!parentPort) throw new Error('serveWorkerTasks runs in a worker thread');
  const port = parentPort;
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
