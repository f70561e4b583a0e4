import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankMovementListSchema,
  bankMovementSchema,
  bulkCreateResponseSchema,
  invoiceRequestSchema,
  invoiceSchema,
  linkMovementSchema,
  manualPaymentSchema,
  movementIdParamsSchema,
  paymentFiguresSchema,
  paymentJobParamsSchema,
  paymentJobSchema,
  paymentRequestDetailSchema,
  paymentRequestIdParamsSchema,
  paymentRequestListQuerySchema,
  paymentRequestPageSchema,
  paymentRequestSchema,
  paymentSourceParamsSchema,
  paymentTokenParamsSchema,
  publicPaymentSchema,
  statementImportSummarySchema,
  updatePaymentRequestSchema,
  type PaymentRequestKind,
  LIST_CONVENTION_NOTE,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import type { PaymentSources } from './payment-sources.js';
import { managerContext } from '../../platform/service-context.js';
import { readUpload } from '../../platform/uploads.js';
import { paymentRequestsCsv } from './payment-export.js';
import { importBankStatement, linkMovement, listUnmatched } from './bank-statements.service.js';
import { createInvoice, getInvoicePdf } from './invoices.service.js';
import { getPaymentJob, startBulkCreate, startBulkSend, type StartedJob } from './payment-jobs.service.js';
import type { PaymentsManagerContext } from './payment-request-row.js';
import {
  cancelPaymentRequest,
  createPaymentRequest,
  getOpenRequestIdOfSource,
  getPaymentRequestDetail,
  listPaymentRequests,
  paymentFigures,
  recomputePaymentRequest,
  registerManualPayment,
  sendPaymentRequest,
  updatePaymentRequest,
} from './payment-requests.service.js';
import { readerLanguage } from '../../platform/reader-language.js';
import { getPublicPayment, getPublicPaymentQr } from './public-payment.service.js';

/** The specification's source paths and the request kind each stands for. */
const SOURCE_PATHS: { path: string; kind: PaymentRequestKind }[] = [
  { path: 'stay', kind: 'stay' },
  { path: 'participant_bjk_pr', kind: 'participant_bjk' },
  { path: 'participant_vk_pr', kind: 'participant_vk' },
];

/** A bank's statement file of a year is a few MB at most. */
const STATEMENT_MAX_BYTES = 15 * 1024 * 1024;

export async function paymentsRoutes(app: FastifyInstance, deps: AppDeps, sources: PaymentSources): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  /** The signed-in manager's context with the billable things' owners. */
  const ctxOf = (request: FastifyRequest): PaymentsManagerContext => ({ ...managerContext(deps, request), sources });
  const tags = ['payments'];
  const read = { access: 'payments:read' } as const;
  const write = { access: 'payments:write' } as const;
  const base = '/api/v1/payment';

  /** A bulk job runs after the answer; its outcome lands in its row, a crash in the log. */
  const detach = (started: StartedJob) => {
    started.finished.catch((error: unknown) => app.log.error({ err: error, job: started.job.id }, 'payment job failed'));
    return { job: started.job };
  };

  for (const { path, kind } of SOURCE_PATHS) {
    r.post(`${base}/${path}/:id`, {
      schema: {
        tags,
        summary: `Create the payment request of a ${kind} (answers the open one if it exists)`,
        params: paymentSourceParamsSchema,
        response: { 200: paymentRequestSchema, 201: paymentRequestSchema },
      },
      config: write,
      handler: async (request, reply) => {
        const { request: created, created: isNew } = await createPaymentRequest(ctxOf(request), kind, request.params.id);
        return reply.status(isNew ? 201 : 200).send(created);
      },
    });
    r.put(`${base}/${path}/:id`, {
      schema: {
        tags,
        summary: `Recompute the open payment request of a ${kind} from its current data`,
        params: paymentSourceParamsSchema,
        response: { 200: paymentRequestSchema },
      },
      config: write,
      handler: async (request) => recomputePaymentRequest(ctxOf(request), await getOpenRequestIdOfSource(db, kind, request.params.id)),
    });
    r.delete(`${base}/${path}/:id`, {
      schema: {
        tags,
        summary: `Cancel the open payment request of a ${kind} (unlinks the source)`,
        params: paymentSourceParamsSchema,
        response: { 200: paymentRequestSchema },
      },
      config: write,
      handler: async (request) => cancelPaymentRequest(ctxOf(request), await getOpenRequestIdOfSource(db, kind, request.params.id)),
    });
    r.post(`${base}/${path}`, {
      schema: { tags, summary: `Create a payment request for every ${kind} that has none (a job with progress)`, response: { 202: bulkCreateResponseSchema } },
      config: write,
      handler: async (request, reply) => reply.status(202).send(detach(await startBulkCreate(ctxOf(request), kind))),
    });
  }

  r.post(`${base}/email_pr/:id`, {
    schema: { tags, summary: 'E-mail a payment request with its EPC QR code', params: paymentRequestIdParamsSchema, response: { 200: paymentRequestSchema } },
    config: write,
    handler: async (request) => sendPaymentRequest(ctxOf(request), request.params.id),
  });
  r.post(`${base}/email_pr`, {
    schema: { tags, summary: 'E-mail every payment request not sent yet (a job with progress)', response: { 202: bulkCreateResponseSchema } },
    config: write,
    handler: async (request, reply) => reply.status(202).send(detach(await startBulkSend(ctxOf(request)))),
  });
  r.get(`${base}/jobs/:id`, {
    schema: { tags, summary: 'Progress of a bulk job', params: paymentJobParamsSchema, response: { 200: paymentJobSchema } },
    config: read,
    handler: async (request) => getPaymentJob(db, request.params.id),
  });

  r.get(`${base}/pr`, {
    schema: {
      tags,
      summary: 'Payment requests: search, filters, paging and totals',
      description: LIST_CONVENTION_NOTE,
      querystring: paymentRequestListQuerySchema,
      response: { 200: paymentRequestPageSchema },
    },
    config: read,
    handler: async (request) => listPaymentRequests(db, request.query),
  });
  r.get(`${base}/pr.csv`, {
    schema: {
      tags,
      summary: 'Payment requests as CSV (the filtered set, every page)',
      querystring: paymentRequestListQuerySchema.omit({ page: true, pageSize: true }),
    },
    config: read,
    handler: async (request, reply) => {
      const csv = await paymentRequestsCsv(db, request.query, readerLanguage(request));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="payment-requests.csv"').send(csv);
    },
  });
  r.get(`${base}/pr/:id`, {
    schema: {
      tags,
      summary: 'A payment request with its payments and history',
      params: paymentRequestIdParamsSchema,
      response: { 200: paymentRequestDetailSchema },
    },
    config: read,
    handler: async (request) => getPaymentRequestDetail(db, request.params.id),
  });
  r.put(`${base}/pr/:id`, {
    schema: {
      tags,
      summary: 'Edit discount, remarks, due date and e-mail addresses',
      params: paymentRequestIdParamsSchema,
      body: updatePaymentRequestSchema,
      response: { 200: paymentRequestSchema },
    },
    config: write,
    handler: async (request) => updatePaymentRequest(ctxOf(request), request.params.id, request.body),
  });
  r.post(`${base}/pr/:id/recompute`, {
    schema: { tags, summary: 'Recompute lines and payer from the source', params: paymentRequestIdParamsSchema, response: { 200: paymentRequestSchema } },
    config: write,
    handler: async (request) => recomputePaymentRequest(ctxOf(request), request.params.id),
  });
  r.post(`${base}/pr/:id/cancel`, {
    schema: { tags, summary: 'Cancel a payment request that received nothing', params: paymentRequestIdParamsSchema, response: { 200: paymentRequestSchema } },
    config: write,
    handler: async (request) => cancelPaymentRequest(ctxOf(request), request.params.id),
  });
  r.post(`${base}/pr/:id/payments`, {
    schema: {
      tags,
      summary: 'Register a payment by hand',
      params: paymentRequestIdParamsSchema,
      body: manualPaymentSchema,
      response: { 200: paymentRequestDetailSchema },
    },
    config: write,
    handler: async (request) => registerManualPayment(ctxOf(request), request.params.id, request.body),
  });
  r.post(`${base}/pr/:id/invoice`, {
    schema: {
      tags,
      summary: 'Turn a paid request into an invoice (PDF, e-mailed when asked)',
      params: paymentRequestIdParamsSchema,
      body: invoiceRequestSchema,
      response: { 201: invoiceSchema },
    },
    config: write,
    handler: async (request, reply) => {
      const invoice = await createInvoice(ctxOf(request), request.params.id, request.body);
      return reply.status(201).send({
        number: invoice.number,
        issuedOn: invoice.issuedOn,
        requestId: invoice.requestId,
        totalCents: invoice.totalCents,
        pdfPath: `${base}/pr/${invoice.requestId}/invoice.pdf`,
      });
    },
  });
  r.get(`${base}/pr/:id/invoice.pdf`, {
    schema: { tags, summary: 'The invoice PDF of a request', params: paymentRequestIdParamsSchema },
    config: read,
    handler: async (request, reply) => {
      const { pdf, fileName } = await getInvoicePdf(db, request.params.id);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
    },
  });

  r.post(`${base}/statements`, {
    schema: { tags, summary: 'Import a CODA or camt.053 bank statement (multipart field "file")', response: { 200: statementImportSummarySchema } },
    config: write,
    handler: async (request) => {
      const file = await readUpload(request, { maxBytes: STATEMENT_MAX_BYTES });
      return importBankStatement(ctxOf(request), file.filename || 'statement', file.data);
    },
  });
  r.get(`${base}/movements/unmatched`, {
    schema: { tags, summary: 'Bank credits no request claimed', response: { 200: bankMovementListSchema } },
    config: read,
    handler: async () => ({ items: await listUnmatched(db) }),
  });
  r.post(`${base}/movements/:id/link`, {
    schema: {
      tags,
      summary: 'Link an unmatched bank credit to the request it pays',
      params: movementIdParamsSchema,
      body: linkMovementSchema,
      response: { 200: bankMovementSchema },
    },
    config: write,
    handler: async (request) => linkMovement(ctxOf(request), request.params.id, request.body.requestId),
  });
  r.get(`${base}/figures`, {
    schema: { tags, summary: 'Due, received, outstanding and overdue amounts', response: { 200: paymentFiguresSchema } },
    config: read,
    handler: async (request) => paymentFigures(managerContext(deps, request)),
  });

  // The payment page of the e-mail's link: only what to pay and how; the token is the only key.
  r.get(`${base}/public/:token`, {
    schema: {
      tags,
      summary: 'What to pay and how, by the e-mail’s unguessable token',
      params: paymentTokenParamsSchema,
      response: { 200: publicPaymentSchema },
    },
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return getPublicPayment(db, request.params.token);
    },
  });
  r.get(`${base}/public/:token/qr.png`, {
    schema: { tags, summary: 'The EPC QR code of a payment', params: paymentTokenParamsSchema, response: { 200: z.any() } },
    config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const png = await getPublicPaymentQr(db, request.params.token);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  });
}
