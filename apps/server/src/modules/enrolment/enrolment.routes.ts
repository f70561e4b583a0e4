import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmedRegistrationSchema,
  confirmRegistrationSchema,
  idParamsSchema,
  idsubParamsSchema,
  kindParamsSchema,
  lateInvitationRequestSchema,
  lateInvitationSchema,
  lateInvitationTokenSchema,
  lateInvitationViewSchema,
  lookupParamsIdbelSchema,
  lookupParamsIdfideSchema,
  lookupQuerySchema,
  playerLookupSchema,
  registrationDraftResultSchema,
  registrationDraftSchema,
  registrationListQuerySchema,
  registrationPageSchema,
  registrationSchema,
  registrationUpdateSchema,
  LIST_CHANGED_NOTE,
  LIST_CONVENTION_NOTE,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext, systemContext } from '../../platform/service-context.js';
import { readUploadedPhoto } from '../../platform/uploads.js';
import { confirmationPayment } from '../participants/confirmation-payment.js';
import type { PaymentSources } from '../payments/payment-sources.js';
import { readerLanguage } from '../../platform/reader-language.js';
import {
  confirmRegistration,
  exportRegistrationsCsv,
  getRegistration,
  getRegistrationPhoto,
  listRegistrations,
  lookupPlayer,
  saveDraft,
  updateRegistration,
  uploadRegistrationPhoto,
} from './enrolment.service.js';
import { readLateInvitation, sendLateInvitation } from './late-invitations.js';

const photoResultSchema = z.object({ width: z.number().int(), height: z.number().int() });

export async function enrolmentRoutes(app: FastifyInstance, deps: AppDeps, paymentSources: PaymentSources): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Enumerating federation ids from one address is not what a parent does.
  const lookupLimit = deps.config.lookupRateLimit > 0 ? { rateLimit: { max: deps.config.lookupRateLimit, timeWindow: '1 minute' } } : {};

  r.get('/api/v1/registration/idbel/:idbel', {
    schema: {
      tags: ['enrolment'],
      summary: 'Look a player up by federation id (public: only what the wizard needs)',
      params: lookupParamsIdbelSchema,
      querystring: lookupQuerySchema,
      response: { 200: playerLookupSchema },
    },
    config: { access: 'public', ...lookupLimit },
    handler: async (request) => lookupPlayer(deps.db, request.query.kind, { idbel: request.params.idbel }),
  });

  r.get('/api/v1/registration/idfide/:idfide', {
    schema: {
      tags: ['enrolment'],
      summary: 'Look a player up by FIDE id (public: only what the wizard needs)',
      params: lookupParamsIdfideSchema,
      querystring: lookupQuerySchema,
      response: { 200: playerLookupSchema },
    },
    config: { access: 'public', ...lookupLimit },
    handler: async (request) => lookupPlayer(deps.db, request.query.kind, { idfide: request.params.idfide }),
  });

  r.post('/api/v1/registration/:kind', {
    schema: {
      tags: ['enrolment'],
      summary: 'Create or update a draft enrolment; answers its id (idsub)',
      params: kindParamsSchema,
      body: registrationDraftSchema,
      response: { 200: registrationDraftResultSchema },
    },
    config: { access: 'public' },
    handler: async (request) => saveDraft(systemContext(deps), request.params.kind, request.body),
  });

  r.post('/api/v1/registration/photo/:idsub', {
    schema: {
      tags: ['enrolment'],
      summary: 'Upload the photo of a draft enrolment (multipart field "photo")',
      params: idsubParamsSchema,
      response: { 200: photoResultSchema },
    },
    config: { access: 'public' },
    handler: async (request) => uploadRegistrationPhoto(deps.db, request.params.idsub, await readUploadedPhoto(request)),
  });

  r.post('/api/v1/registration/confirm/:idsub', {
    schema: {
      tags: ['enrolment'],
      summary: 'Confirm a draft enrolment (idempotent); queues the confirmation e-mail and, as the edition configures, makes and mails the payment request',
      params: idsubParamsSchema,
      body: confirmRegistrationSchema,
      response: { 200: confirmedRegistrationSchema },
    },
    config: { access: 'public' },
    handler: async (request) => {
      const confirmed = await confirmRegistration(
        systemContext(deps),
        request.params.idsub,
        request.body.consent,
        request.body.invitation,
        request.body.consents,
      );
      return { ...confirmed, payment: await confirmationPayment({ ...systemContext(deps), sources: paymentSources }, request.params.idsub) };
    },
  });

  r.post('/api/v1/registration/invitation', {
    schema: {
      tags: ['enrolment'],
      summary: "What a late-entry invitation's token opens (checked, not spent: the confirmation spends it)",
      body: lateInvitationTokenSchema,
      response: { 200: lateInvitationViewSchema },
    },
    config: { access: 'public' },
    handler: async (request) => readLateInvitation(systemContext(deps), request.body.invitation),
  });

  r.post('/api/v1/registration/:kind/invitations', {
    schema: {
      tags: ['enrolment'],
      summary: 'Mail a late-entry invitation: a signed single-use link to the wizard for one player, late fee applied',
      security: [{ bearer: [] }],
      params: kindParamsSchema,
      body: lateInvitationRequestSchema,
      response: { 200: lateInvitationSchema },
    },
    config: { access: 'registrations:write' },
    handler: async (request) => sendLateInvitation(managerContext(deps, request), request.params.kind, request.body),
  });

  r.get('/api/v1/registration/:kind', {
    schema: {
      tags: ['enrolment'],
      summary: 'Registrations with search, filters, sort and paging',
      description: `${LIST_CONVENTION_NOTE} ${LIST_CHANGED_NOTE}`,
      security: [{ bearer: [] }],
      params: kindParamsSchema,
      querystring: registrationListQuerySchema,
      response: { 200: registrationPageSchema },
    },
    config: { access: 'registrations:read' },
    handler: async (request) => listRegistrations(deps.db, request.params.kind, request.query),
  });

  r.get('/api/v1/registration/:kind/export.csv', {
    schema: { tags: ['enrolment'], summary: 'All registrations as CSV', security: [{ bearer: [] }], params: kindParamsSchema },
    config: { access: 'registrations:read' },
    handler: async (request, reply) => {
      const csv = await exportRegistrationsCsv(deps.db, request.params.kind, readerLanguage(request));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="registrations-${request.params.kind}.csv"`).send(csv);
    },
  });

  r.get('/api/v1/registration/:kind/:id', {
    schema: { tags: ['enrolment'], summary: 'One registration', security: [{ bearer: [] }], params: idParamsSchema, response: { 200: registrationSchema } },
    config: { access: 'registrations:read' },
    handler: async (request) => getRegistration(deps.db, request.params.kind, request.params.id),
  });

  r.get('/api/v1/registration/:kind/:id/photo', {
    schema: { tags: ['enrolment'], summary: 'The photo of a registration (JPEG)', security: [{ bearer: [] }], params: idParamsSchema },
    config: { access: 'registrations:read' },
    handler: async (request, reply) => {
      await getRegistration(deps.db, request.params.kind, request.params.id);
      const jpeg = await getRegistrationPhoto(deps.db, request.params.id);
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
    },
  });

  r.put('/api/v1/registration/:kind/:id', {
    schema: {
      tags: ['enrolment'],
      summary: 'Edit a registration (every field, enable/disable)',
      security: [{ bearer: [] }],
      params: idParamsSchema,
      body: registrationUpdateSchema,
      response: { 200: registrationSchema },
    },
    config: { access: 'registrations:write' },
    handler: async (request) => updateRegistration(managerContext(deps, request), request.params.kind, request.params.id, request.body),
  });
}
