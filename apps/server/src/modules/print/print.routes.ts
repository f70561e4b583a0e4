import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_LANGUAGE,
  badgeSummaryQuerySchema,
  badgeSummarySchema,
  isLanguage,
  printJobParamsSchema,
  printJobQuerySchema,
  printJobSchema,
  printQueueSchema,
  printRequestSchema,
  voucherProposalSchema,
  voucherQuerySchema,
  type Language,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
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

/** The manager's language for the words printed on lists and cards. */
function readerLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.slice(0, 2).toLowerCase();
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

const manager = { tags: ['print'], security: [{ bearer: [] }] };

export async function printRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Jobs queued before a restart run once the app is up; a shutdown takes no new job and lets the running one
  // finish writing (its state would otherwise stay "running"); the queue stays stored for the next start.
  // Jobs run on the background pool: a page's photos, read at once, never take the requests' connections.
  app.addHook('onReady', async () => drainPrintQueue({ ...deps, db: deps.database.background.db }));
  app.addHook('onClose', async () => stopPrintQueue());
  const logFailure = (failure: { job: string; code: string; reason: string }) => app.log.warn(failure, 'print job failed');
  failures.on('failed', logFailure);
  app.addHook('onClose', async () => void failures.off('failed', logFailure));

  r.get('/api/v1/print/badges/summary', {
    schema: {
      ...manager,
      summary: 'Badges of a selection before printing: counts by state (unprinted, printed, to reprint) and who has no photo',
      querystring: badgeSummaryQuerySchema,
      response: { 200: badgeSummarySchema },
    },
    config: { access: 'print:read' },
    handler: async (request) => getBadgeSummary(deps.db, request.query),
  });

  r.get('/api/v1/print/vouchers', {
    schema: {
      ...manager,
      summary: "A category's prize vouchers from its current standings and the edition's prize table, to adjust before printing",
      querystring: voucherQuerySchema,
      response: { 200: voucherProposalSchema },
    },
    config: { access: 'print:read' },
    handler: async (request) => proposeCategoryVouchers(deps.db, request.query.category, readerLanguage(request)),
  });

  r.post('/api/v1/print/jobs', {
    schema: {
      ...manager,
      summary: 'Start producing a PDF (badges, name cards, check-in lists, meal list); answers the job to follow',
      body: printRequestSchema,
      response: { 202: printJobSchema },
    },
    config: { access: 'print:write' },
    handler: async (request, reply) => {
      const job = await startPrintJob(managerContext(deps, request), request.body, readerLanguage(request));
      return reply.code(202).send(job);
    },
  });

  r.get('/api/v1/print/jobs', {
    schema: {
      ...manager,
      summary: 'The print jobs running or waiting, in the order they run, each with its place in the queue',
      response: { 200: printQueueSchema },
    },
    config: { access: 'print:write' },
    handler: async () => listPrintQueue(deps.db),
  });

  r.get('/api/v1/print/jobs/:id', {
    schema: {
      ...manager,
      summary: 'A print job: status and progress (wait=N waits up to N seconds for it to finish)',
      params: printJobParamsSchema,
      querystring: printJobQuerySchema,
      response: { 200: printJobSchema },
    },
    config: { access: 'print:write' },
    handler: async (request) => getPrintJob(deps.db, request.params.id, request.query.wait),
  });

  r.get('/api/v1/print/jobs/:id/pdf', {
    schema: { ...manager, summary: 'The produced PDF, streamed', params: printJobParamsSchema },
    config: { access: 'print:write' },
    handler: async (request, reply) => {
      const { stream, bytes, fileName } = await streamPrintJobPdf(deps.db, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-length', bytes)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  r.get('/api/v1/print/jobs/:id/preview.png', {
    schema: { ...manager, summary: "The PDF's first page as an image", params: printJobParamsSchema },
    config: { access: 'print:write' },
    handler: async (request, reply) => {
      const png = await renderPrintJobPreview(deps.db, request.params.id);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  });
}
