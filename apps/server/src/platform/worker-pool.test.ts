import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArithmeticTask } from './worker-pool-fixtures/arithmetic.worker.js';
import { createWorkerPool, WorkerPoolBusyError, WorkerTaskError, type WorkerPool } from './worker-pool.js';

type Answer = { sum: number; threadId: number };
const script = new URL('./worker-pool-fixtures/arithmetic.worker.ts', import.meta.url);
let pool: WorkerPool<ArithmeticTask, Answer> | null = null;
const open = (options: { size?: number; maxQueued?: number; taskTimeoutMs?: number; niceness?: number } = {}) =>
  (pool = createWorkerPool<ArithmeticTask, Answer>({ script, ...options }));
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('a pool of worker threads', () => {
  it('answers each task from another thread than the caller’s', async () => {
    const answer = await open({ size: 1 }).run({ kind: 'sum', upTo: 1000 });
    expect(answer.sum).toBe(500_500);
    expect(answer.threadId).not.toBe(threadId);
  });

  it('keeps the event loop free while a worker computes', async () => {
    const workers = open({ size: 1 });
    await workers.run({ kind: 'sum', upTo: 1 }); // the thread is up
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    await workers.run({ kind: 'busy', ms: 400 });
    clearInterval(timer);
    // Computed on this thread the interval would not have fired once before the answer.
    expect(ticks).toBeGreaterThan(10);
  });

  it('runs as many tasks at once as it has threads and queues the rest', async () => {
    const workers = open({ size: 2 });
    await workers.warm();
    expect(workers.stats()).toEqual({ threads: 2, running: 0, queued: 0 });
    const tasks = [1, 2, 3, 4, 5].map(() => workers.run({ kind: 'busy', ms: 50 }));
    expect(workers.stats()).toEqual({ threads: 2, running: 2, queued: 3 });
    const answers = await Promise.all(tasks);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
    expect(workers.stats()).toEqual({ threads: 2, running: 0, queued: 0 });
  });

  it('rejects a task that throws with its message, and goes on with the next', async () => {
    const workers = open({ size: 1 });
    await expect(workers.run({ kind: 'throw', message: 'no such move' })).rejects.toThrow(new WorkerTaskError('no such move'));
    expect((await workers.run({ kind: 'sum', upTo: 3 })).sum).toBe(6);
  });

  it('replaces a worker that died, failing only the task it was running', async () => {
    const workers = open({ size: 1 });
    const first = (await workers.run({ kind: 'sum', upTo: 1 })).threadId;
    const dying = workers.run({ kind: 'exit' });
    const after = workers.run({ kind: 'sum', upTo: 2 });
    await expect(dying).rejects.toThrow(/worker stopped/);
    const answer = await after;
    expect(answer.sum).toBe(3);
    expect(answer.threadId).not.toBe(first);
  });

  it('ends a task that runs too long, and its worker with it', async () => {
    const workers = open({ size: 1, taskTimeoutMs: 200 });
    const first = (await workers.run({ kind: 'sum', upTo: 1 })).threadId;
    await expect(workers.run({ kind: 'hang' })).rejects.toThrow(/longer than 200 ms/);
    const after = await workers.run({ kind: 'sum', upTo: 4 });
    expect(after.sum).toBe(10);
    expect(after.threadId).not.toBe(first);
  });

  it.runIf(process.platform === 'linux')('runs its threads at a lower priority when asked, and leaves the caller’s as it was', async () => {
    const before = getPriority(0);
    const answer = await open({ size: 1, niceness: 19 }).run({ kind: 'priority' });
    expect(answer.sum).toBe(19);
    expect(getPriority(0)).toBe(before);
  });

  it('refuses at once beyond its queue, and rejects what waits when closed', async () => {
    const workers = open({ size: 1, maxQueued: 2 });
    await workers.run({ kind: 'sum', upTo: 1 }); // the thread is up
    const running = workers.run({ kind: 'busy', ms: 100 });
    const waiting = [workers.run({ kind: 'sum', upTo: 1 }), workers.run({ kind: 'sum', upTo: 1 })];
    await expect(workers.run({ kind: 'sum', upTo: 1 })).rejects.toBeInstanceOf(WorkerPoolBusyError);
    const closing = workers.close();
    await expect(running).rejects.toThrow(/closed/);
    for (const task of waiting) await expect(task).rejects.toThrow(/closed/);
    await closing;
    await expect(workers.run({ kind: 'sum', upTo: 1 })).rejects.toThrow(/closed/);
  });
});
