import type { FastifyInstance } from 'fastify';
import {
  badgeSummaryQuerySchema,
  badgeSummarySchema,
  printJobParamsSchema,
  printJobQuerySchema,
  printJobSchema,
  printQueueSchema,
  printRequestSchema,
  voucherProposalSchema,
  voucherQuerySchema,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { readerLanguage } from '../../platform/reader-language.js';
import { apiRoutes, PDF_TYPE, sendAttachment, sendUnstored } from '../../platform/routes.js';
import { managerContext } from '../../platform/service-context.js';
import { getBadgeSummary, proposeCategoryVouchers } from './print-plans.js';
import {
  drainPrintQueue,
  failures,
  getPrintJob,
  listPrintQueue,
  renderPrintJobPreview,
  startPrintJob,
  stopPrintQueue,
  streamPrintJobPdf,
} from './print.service.js';

export async function printRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['print']);
  // Jobs queued before a restart run once the app is up; a shutdown takes no new job and lets the running one
  // finish writing (its state would otherwise stay "running"); the queue stays stored for the next start.
  // Jobs run on the background pool: a page's photos, read at once, never take the requests' connections.
  app.addHook('onReady', async () => drainPrintQueue({ ...deps, db: deps.database.background.db }));
  app.addHook('onClose', async () => stopPrintQueue());
  const logFailure = (failure: { job: string; code: string; reason: string }) => app.log.warn(failure, 'print job failed');
  failures.on('failed', logFailure);
  app.addHook('onClose', async () => void failures.off('failed', logFailure));

  api.get('/api/v1/print/badges/summary', 'print:read', {
    summary: 'Badges of a selection before printing: counts by state (unprinted, printed, to reprint) and who has no photo',
    schema: { querystring: badgeSummaryQuerySchema, response: { 200: badgeSummarySchema } },
    handler: async (request) => getBadgeSummary(deps.db, request.query),
  });

  api.get('/api/v1/print/vouchers', 'print:read', {
    summary: "A category's prize vouchers from its current standings and the edition's prize table, to adjust before printing",
    schema: { querystring: voucherQuerySchema, response: { 200: voucherProposalSchema } },
    handler: async (request) => proposeCategoryVouchers(deps.db, request.query.category, readerLanguage(request)),
  });

  api.post('/api/v1/print/jobs', 'print:write', 'Start producing a PDF (badges, name cards, check-in lists, meal list); answers the job to follow', {
    schema: { body: printRequestSchema, response: { 202: printJobSchema } },
    handler: async (request, reply) => {
      const job = await startPrintJob(managerContext(deps, request), request.body, readerLanguage(request));
      return reply.code(202).send(job);
    },
  });

  api.get('/api/v1/print/jobs', 'print:write', 'The print jobs running or waiting, in the order they run, each with its place in the queue', {
    schema: { response: { 200: printQueueSchema } },
    handler: async () => listPrintQueue(deps.db),
  });

  api.get('/api/v1/print/jobs/:id', 'print:write', 'A print job: status and progress (wait=N waits up to N seconds for it to finish)', {
    schema: { params: printJobParamsSchema, querystring: printJobQuerySchema, response: { 200: printJobSchema } },
    handler: async (request) => getPrintJob(deps.db, request.params.id, request.query.wait),
  });

  api.get('/api/v1/print/jobs/:id/pdf', 'print:write', 'The produced PDF, streamed', {
    schema: { params: printJobParamsSchema },
    handler: async (request, reply) => {
      const { stream, bytes, fileName } = await streamPrintJobPdf(deps.db, request.params.id);
      return sendAttachment(reply.header('content-length', bytes).header('cache-control', 'no-store'), PDF_TYPE, fileName, stream);
    },
  });

  api.get('/api/v1/print/jobs/:id/preview.png', 'print:write', "The PDF's first page as an image", {
    schema: { params: printJobParamsSchema },
    handler: async (request, reply) => {
      return sendUnstored(reply, 'image/png', await renderPrintJobPreview(deps.db, request.params.id), 'no-store');
    },
  });
}
