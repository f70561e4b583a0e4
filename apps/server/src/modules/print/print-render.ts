import { HEAVY_WORK_NICENESS, lazyWorkerPool } from '../../platform/worker-pool.js';
import type { PageSpec } from './print-pages.js';

/**
 * PDF drawing off the event loop. pdfkit draws on the thread that calls it: a page of eight badges took tens of
 * milliseconds, a 760-badge job most of a core for 40 s on a loaded machine, and on the main thread every request
 * waited behind it (issue 22). Jobs draw in one worker thread: the job loads and scales a page's photos here (the
 * database, sharp's own threads) and the thread draws it, the next page loading meanwhile.
 *
 * One thread, because one print job runs at a time in an instance (`print.service.ts`): a document lives in the
 * thread that opened it, and with a single thread every task of a job finds it. A thread that dies takes the open
 * document with it: the job's next task fails with `WorkerStoppedError` and the job starts over once.
 */
export type RenderTask =
  | { op: 'open'; job: string; fontDir: string; info: { Title: string; Author?: string } }
  | { op: 'page'; job: string; page: PageSpec }
  | { op: 'end'; job: string }
  | { op: 'drop'; job: string };
export type RenderAnswer = { chunks: Uint8Array[] };

/** A page that takes this long is a stuck thread (a page of eight badges draws in well under a second). */
const PAGE_TIMEOUT_MS = 120_000;

const renderThread = lazyWorkerPool<RenderTask, RenderAnswer>(() => ({
  script: new URL('./print-render.worker.ts', import.meta.url),
  size: 1,
  maxQueued: 4,
  taskTimeoutMs: PAGE_TIMEOUT_MS,
  niceness: HEAVY_WORK_NICENESS,
}));

/** Ends the thread (the app's close, once no job runs). */
export const closeRenderThread = renderThread.close;

const asBuffers = (answer: RenderAnswer) => answer.chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength));

/** A PDF being drawn in the render thread; each call answers the bytes produced since the previous one. */
export type RenderSession = {
  page(spec: PageSpec): Promise<Buffer[]>;
  end(): Promise<Buffer[]>;
  /** Forgets the document (a job that failed): the thread keeps no memory of it. */
  drop(): Promise<void>;
};

export async function openRenderSession(
  job: string,
  fontDir: string,
  info: { Title: string; Author?: string },
): Promise<{ session: RenderSession; chunks: Buffer[] }> {
  const thread = renderThread.get();
  const opened = await thread.run({ op: 'open', job, fontDir, info });
  return {
    chunks: asBuffers(opened),
    session: {
      page: async (page) => asBuffers(await thread.run({ op: 'page', job, page })),
      end: async () => asBuffers(await thread.run({ op: 'end', job })),
      drop: async () => {
        await thread.run({ op: 'drop', job }).catch(() => undefined);
      },
    },
  };
}
