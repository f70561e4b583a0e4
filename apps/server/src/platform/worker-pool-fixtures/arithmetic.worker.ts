import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { serveWorkerTasks } from '../worker-task.js';

/** A worker for the pool's tests: real work, a failure, a crash and a task that never ends, on demand. */
export type ArithmeticTask =
  | { kind: 'sum'; upTo: number }
  | { kind: 'busy'; ms: number }
  | { kind: 'throw'; message: string }
  | { kind: 'exit' }
  | { kind: 'hang' }
  | { kind: 'priority' };

serveWorkerTasks((task: ArithmeticTask) => {
  switch (task.kind) {
    case 'sum': {
      let sum = 0;
      for (let i = 1; i <= task.upTo; i++) sum += i;
      return { sum, threadId };
    }
    case 'busy': {
      const end = performance.now() + task.ms;
      while (performance.now() < end);
      return { sum: 0, threadId };
    }
    case 'throw':
      throw new Error(task.message);
    case 'exit':
      process.exit(3);
      break;
    case 'hang':
      return new Promise(() => undefined);
    case 'priority':
      return { sum: getPriority(0), threadId };
  }
});
