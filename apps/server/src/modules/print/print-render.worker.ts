import { setImmediate as turn } from 'node:timers/promises';
import { serveWorkerTasks } from '../../platform/worker-task.js';
import { openPdf, type Pdf } from './pdf-canvas.js';
import { drawPage } from './print-pages.js';
import type { RenderAnswer, RenderTask } from './print-render.js';

/**
 * The thread that draws print jobs' PDFs with pdfkit (`print-render.ts` sends the tasks): a document is opened, drawn
 * page by page, ended; each answer carries the bytes pdfkit produced since the last one, which the job writes to the
 * database. One job at a time: opening a document drops any other left open by a job that failed midway.
 */
const documents = new Map<string, { doc: Pdf; chunks: Buffer[]; ended: Promise<void> }>();

function take(entry: { chunks: Buffer[] }): RenderAnswer {
  const chunks = entry.chunks;
  entry.chunks = [];
  return { chunks };
}

serveWorkerTasks<RenderTask, RenderAnswer>(async (task) => {
  if (task.op === 'open') {
    documents.clear();
    const doc = openPdf(task.fontDir, task.info);
    const entry = { doc, chunks: [] as Buffer[], ended: new Promise<void>((resolve, reject) => doc.on('end', resolve).on('error', reject)) };
    doc.on('data', (chunk: Buffer) => entry.chunks.push(chunk));
    documents.set(task.job, entry);
    return take(entry);
  }
  const entry = documents.get(task.job);
  if (task.op === 'drop') {
    documents.delete(task.job);
    return { chunks: [] };
  }
  if (!entry) throw new Error('This print job’s document is not open in this thread');
  if (task.op === 'page') {
    drawPage(entry.doc, task.page);
    // pdfkit hands out what it wrote through its stream: a turn lets the page's bytes arrive before the answer.
    await turn();
    return take(entry);
  }
  entry.doc.end();
  await entry.ended;
  documents.delete(task.job);
  return take(entry);
});
