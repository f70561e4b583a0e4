import { Worker } from 'node:worker_threads';
import { encryptForBrowser, PUSH_ENCRYPT_THREAD, type EncryptJob, type Encrypted } from './push-encrypt.worker.js';

/**
 * The push encryption pool. Encrypting a message for its browser (RFC 8291: an ECDH key pair and agreement per
 * message, then HKDF and AES-GCM) is most of the CPU a push costs; with thousands of followers at each publish it
 * would keep the event loop busy for seconds. `threads` worker threads do it instead, in batches, while the main
 * thread posts what is ready; with `threads` 0 the pool encrypts in the calling thread (the same function,
 * `encryptForBrowser` of the thread's file). A thread that dies fails its batches (their messages are retried like any failed send) and is replaced.
 */

export type { EncryptJob, Encrypted } from './push-encrypt.worker.js';

export type EncryptPool = {
  encrypt(jobs: EncryptJob[]): Promise<Encrypted[]>;
  close(): Promise<void>;
};

const WORKER_URL = new URL('./push-encrypt.worker.ts', import.meta.url);

/** Encrypts one message in the calling thread (a pool of no threads; the threads run the same function). */
export const encryptHere: (job: EncryptJob) => Encrypted = encryptForBrowser;

type Pending = { resolve: (results: Encrypted[]) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending> };

export function createEncryptPool(threads: number): EncryptPool {
  if (threads <= 0) {
    return { encrypt: async (jobs) => jobs.map(encryptHere), close: async () => undefined };
  }
  const pool: (Thread | null)[] = Array.from({ length: threads }, () => null);
  let nextId = 0;
  let closed = false;

  function start(slot: number): Thread {
    // No loader of the parent (tsx): the thread's file imports only Node's modules and Node strips its types itself.
    const worker = new Worker(WORKER_URL, { execArgv: [], workerData: PUSH_ENCRYPT_THREAD });
    const thread: Thread = { worker, pending: new Map() };
    // An idle pool does not keep the process alive; jobs in flight are awaited by their callers anyway.
    worker.unref();
    worker.on('message', (message: { id: number; results: Encrypted[] }) => {
      const pending = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      pending?.resolve(message.results);
    });
    const fail = (error: Error) => {
      if (pool[slot] === thread) pool[slot] = null;
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`push encryption thread exited (${code})`)));
    pool[slot] = thread;
    return thread;
  }

  // The threads start with the sender, not on the first publish: starting one costs more than a thousand messages.
  for (let slot = 0; slot < threads; slot++) start(slot);

  return {
    encrypt(jobs) {
      if (closed) return Promise.reject(new Error('push encryption pool closed'));
      if (jobs.length === 0) return Promise.resolve([]);
      // The thread with the fewest batches waiting (an idle or dead one first).
      let slot = 0;
      for (let i = 0; i < threads; i++) if ((pool[i]?.pending.size ?? 0) < (pool[slot]?.pending.size ?? 0)) slot = i;
      const thread = pool[slot] ?? start(slot);
      const id = nextId++;
      return new Promise<Encrypted[]>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ id, jobs });
      });
    },
    async close() {
      closed = true;
      await Promise.all(pool.map((thread) => thread?.worker.terminate()));
    },
  };
}
