import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { apiRoutes, CSV_TYPE, PDF_TYPE, sendAttachment, sendUnstored } from '../../platform/routes.js';
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
  const api = apiRoutes(app, ['payments']);
  const { db } = deps;
  /** The signed-in manager's context with the billable things' owners. */
  const ctxOf = (request: FastifyRequest): PaymentsManagerContext => ({ ...managerContext(deps, request), sources });
  const read = { access: 'payments:read' } as const;
  const write = { access: 'payments:write' } as const;
  const base = '/api/v1/payment';

  /** A bulk job runs after the answer; its outcome lands in its row, a crash in the log. */
  const detach = (started: StartedJob) => {
    started.finished.catch((error: unknown) => app.log.error({ err: error, job: started.job.id }, 'payment job failed'));
    return { job: started.job };
  };

  for (const { path, kind } of SOURCE_PATHS) {
    api.post(`${base}/${path}/:id`, write, `Create the payment request of a ${kind} (answers the open one if it exists)`, {
      schema: { params: paymentSourceParamsSchema, response: { 200: paymentRequestSchema, 201: paymentRequestSchema } },
      handler: async (request, reply) => {
        const { request: created, created: isNew } = await createPaymentRequest(ctxOf(request), kind, request.params.id);
        return reply.status(isNew ? 201 : 200).send(created);
      },
    });
    api.put(`${base}/${path}/:id`, write, `Recompute the open payment request of a ${kind} from its current data`, {
      schema: { params: paymentSourceParamsSchema, response: { 200: paymentRequestSchema } },
      handler: async (request) => recomputePaymentRequest(ctxOf(request), await getOpenRequestIdOfSource(db, kind, request.params.id)),
    });
    api.delete(`${base}/${path}/:id`, write, `Cancel the open payment request of a ${kind} (unlinks the source)`, {
      schema: { params: paymentSourceParamsSchema, response: { 200: paymentRequestSchema } },
      handler: async (request) => cancelPaymentRequest(ctxOf(request), await getOpenRequestIdOfSource(db, kind, request.params.id)),
    });
    api.post(`${base}/${path}`, write, `Create a payment request for every ${kind} that has none (a job with progress)`, {
      schema: { response: { 202: bulkCreateResponseSchema } },
      handler: async (request, reply) => reply.status(202).send(detach(await startBulkCreate(ctxOf(request), kind))),
    });
  }

  api.post(`${base}/email_pr/:id`, write, 'E-mail a payment request with its EPC QR code', {
    schema: { params: paymentRequestIdParamsSchema, response: { 200: paymentRequestSchema } },
    handler: async (request) => sendPaymentRequest(ctxOf(request), request.params.id),
  });
  api.post(`${base}/email_pr`, write, 'E-mail every payment request not sent yet (a job with progress)', {
    schema: { response: { 202: bulkCreateResponseSchema } },
    handler: async (request, reply) => reply.status(202).send(detach(await startBulkSend(ctxOf(request)))),
  });
  api.get(`${base}/jobs/:id`, read, 'Progress of a bulk job', {
    schema: { params: paymentJobParamsSchema, response: { 200: paymentJobSchema } },
    handler: async (request) => getPaymentJob(db, request.params.id),
  });

  api.get(`${base}/pr`, read, 'Payment requests: search, filters, paging and totals', {
    description: LIST_CONVENTION_NOTE,
    schema: { querystring: paymentRequestListQuerySchema, response: { 200: paymentRequestPageSchema } },
    handler: async (request) => listPaymentRequests(db, request.query),
  });
  api.get(`${base}/pr.csv`, read, 'Payment requests as CSV (the filtered set, every page)', {
    schema: { querystring: paymentRequestListQuerySchema.omit({ page: true, pageSize: true }) },
    handler: async (request, reply) => {
      const csv = await paymentRequestsCsv(db, request.query, readerLanguage(request));
      return sendAttachment(reply, CSV_TYPE, 'payment-requests.csv', csv);
    },
  });
  api.get(`${base}/pr/:id`, read, 'A payment request with its payments and history', {
    schema: { params: paymentRequestIdParamsSchema, response: { 200: paymentRequestDetailSchema } },
    handler: async (request) => getPaymentRequestDetail(db, request.params.id),
  });
  api.put(`${base}/pr/:id`, write, 'Edit discount, remarks, due date and e-mail addresses', {
    schema: { params: paymentRequestIdParamsSchema, body: updatePaymentRequestSchema, response: { 200: paymentRequestSchema } },
    handler: async (request) => updatePaymentRequest(ctxOf(request), request.params.id, request.body),
  });
  api.post(`${base}/pr/:id/recompute`, write, 'Recompute lines and payer from the source', {
    schema: { params: paymentRequestIdParamsSchema, response: { 200: paymentRequestSchema } },
    handler: async (request) => recomputePaymentRequest(ctxOf(request), request.params.id),
  });
  api.post(`${base}/pr/:id/cancel`, write, 'Cancel a payment request that received nothing', {
    schema: { params: paymentRequestIdParamsSchema, response: { 200: paymentRequestSchema } },
    handler: async (request) => cancelPaymentRequest(ctxOf(request), request.params.id),
  });
  api.post(`${base}/pr/:id/payments`, write, 'Register a payment by hand', {
    schema: { params: paymentRequestIdParamsSchema, body: manualPaymentSchema, response: { 200: paymentRequestDetailSchema } },
    handler: async (request) => registerManualPayment(ctxOf(request), request.params.id, request.body),
  });
  api.post(`${base}/pr/:id/invoice`, write, 'Turn a paid request into an invoice (PDF, e-mailed when asked)', {
    schema: { params: paymentRequestIdParamsSchema, body: invoiceRequestSchema, response: { 201: invoiceSchema } },
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
  api.get(`${base}/pr/:id/invoice.pdf`, read, 'The invoice PDF of a request', {
    schema: { params: paymentRequestIdParamsSchema },
    handler: async (request, reply) => {
      const { pdf, fileName } = await getInvoicePdf(db, request.params.id);
      return sendAttachment(reply, PDF_TYPE, fileName, pdf);
    },
  });

  api.post(`${base}/statements`, write, 'Import a CODA or camt.053 bank statement (multipart field "file")', {
    schema: { response: { 200: statementImportSummarySchema } },
    handler: async (request) => {
      const file = await readUpload(request, { maxBytes: STATEMENT_MAX_BYTES });
      return importBankStatement(ctxOf(request), file.filename || 'statement', file.data);
    },
  });
  api.get(`${base}/movements/unmatched`, read, 'Bank credits no request claimed', {
    schema: { response: { 200: bankMovementListSchema } },
    handler: async () => ({ items: await listUnmatched(db) }),
  });
  api.post(`${base}/movements/:id/link`, write, 'Link an unmatched bank credit to the request it pays', {
    schema: { params: movementIdParamsSchema, body: linkMovementSchema, response: { 200: bankMovementSchema } },
    handler: async (request) => linkMovement(ctxOf(request), request.params.id, request.body.requestId),
  });
  api.get(`${base}/figures`, read, 'Due, received, outstanding and overdue amounts', {
    schema: { response: { 200: paymentFiguresSchema } },
    handler: async (request) => paymentFigures(managerContext(deps, request)),
  });

  // The payment page of the e-mail's link: only what to pay and how; the token is the only key.
  const paymentPage = { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
  api.get(`${base}/public/:token`, paymentPage, 'What to pay and how, by the e-mail’s unguessable token', {
    schema: { params: paymentTokenParamsSchema, response: { 200: publicPaymentSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return getPublicPayment(db, request.params.token);
    },
  });
  api.get(`${base}/public/:token/qr.png`, paymentPage, 'The EPC QR code of a payment', {
    schema: { params: paymentTokenParamsSchema, response: { 200: z.any() } },
    handler: async (request, reply) => sendUnstored(reply, 'image/png', await getPublicPaymentQr(db, request.params.token), 'no-store'),
  });
}
