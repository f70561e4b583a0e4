import type { FastifyInstance } from 'fastify';

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
import { apiRoutes, CSV_TYPE, photoSizeSchema, sendAttachment, sendUnstored } from '../../platform/routes.js';
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

export async function enrolmentRoutes(app: FastifyInstance, deps: AppDeps, paymentSources: PaymentSources): Promise<void> {
  const api = apiRoutes(app, ['enrolment']);
  // Enumerating federation ids from one address is not what a parent does.
  const lookup = {
    access: 'public',
    ...(deps.config.lookupRateLimit > 0 ? { rateLimit: { max: deps.config.lookupRateLimit, timeWindow: '1 minute' } } : {}),
  } as const;

  api.get('/api/v1/registration/idbel/:idbel', lookup, 'Look a player up by federation id (public: only what the wizard needs)', {
    schema: { params: lookupParamsIdbelSchema, querystring: lookupQuerySchema, response: { 200: playerLookupSchema } },
    handler: async (request) => lookupPlayer(deps.db, request.query.kind, { idbel: request.params.idbel }),
  });

  api.get('/api/v1/registration/idfide/:idfide', lookup, 'Look a player up by FIDE id (public: only what the wizard needs)', {
    schema: { params: lookupParamsIdfideSchema, querystring: lookupQuerySchema, response: { 200: playerLookupSchema } },
    handler: async (request) => lookupPlayer(deps.db, request.query.kind, { idfide: request.params.idfide }),
  });

  api.post('/api/v1/registration/:kind', 'public', 'Create or update a draft enrolment; answers its id (idsub)', {
    schema: { params: kindParamsSchema, body: registrationDraftSchema, response: { 200: registrationDraftResultSchema } },
    handler: async (request) => saveDraft(systemContext(deps), request.params.kind, request.body),
  });

  api.post('/api/v1/registration/photo/:idsub', 'public', 'Upload the photo of a draft enrolment (multipart field "photo")', {
    schema: { params: idsubParamsSchema, response: { 200: photoSizeSchema } },
    handler: async (request) => uploadRegistrationPhoto(deps.db, request.params.idsub, await readUploadedPhoto(request)),
  });

  api.post('/api/v1/registration/confirm/:idsub', 'public', {
    summary: 'Confirm a draft enrolment (idempotent); queues the confirmation e-mail and, as the edition configures, makes and mails the payment request',
    schema: { params: idsubParamsSchema, body: confirmRegistrationSchema, response: { 200: confirmedRegistrationSchema } },
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

  api.post('/api/v1/registration/invitation', 'public', "What a late-entry invitation's token opens (checked, not spent: the confirmation spends it)", {
    schema: { body: lateInvitationTokenSchema, response: { 200: lateInvitationViewSchema } },
    handler: async (request) => readLateInvitation(systemContext(deps), request.body.invitation),
  });

  api.post('/api/v1/registration/:kind/invitations', 'registrations:write', {
    summary: 'Mail a late-entry invitation: a signed single-use link to the wizard for one player, late fee applied',
    schema: { params: kindParamsSchema, body: lateInvitationRequestSchema, response: { 200: lateInvitationSchema } },
    handler: async (request) => sendLateInvitation(managerContext(deps, request), request.params.kind, request.body),
  });

  api.get('/api/v1/registration/:kind', 'registrations:read', 'Registrations with search, filters, sort and paging', {
    description: `${LIST_CONVENTION_NOTE} ${LIST_CHANGED_NOTE}`,
    schema: { params: kindParamsSchema, querystring: registrationListQuerySchema, response: { 200: registrationPageSchema } },
    handler: async (request) => listRegistrations(deps.db, request.params.kind, request.query),
  });

  api.get('/api/v1/registration/:kind/export.csv', 'registrations:read', 'All registrations as CSV', {
    schema: { params: kindParamsSchema },
    handler: async (request, reply) => {
      const csv = await exportRegistrationsCsv(deps.db, request.params.kind, readerLanguage(request));
      return sendAttachment(reply, CSV_TYPE, `registrations-${request.params.kind}.csv`, csv);
    },
  });

  api.get('/api/v1/registration/:kind/:id', 'registrations:read', 'One registration', {
    schema: { params: idParamsSchema, response: { 200: registrationSchema } },
    handler: async (request) => getRegistration(deps.db, request.params.kind, request.params.id),
  });

  api.get('/api/v1/registration/:kind/:id/photo', 'registrations:read', 'The photo of a registration (JPEG)', {
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await getRegistration(deps.db, request.params.kind, request.params.id);
      const jpeg = await getRegistrationPhoto(deps.db, request.params.id);
      return sendUnstored(reply, 'image/jpeg', jpeg);
    },
  });

  api.put('/api/v1/registration/:kind/:id', 'registrations:write', 'Edit a registration (every field, enable/disable)', {
    schema: { params: idParamsSchema, body: registrationUpdateSchema, response: { 200: registrationSchema } },
    handler: async (request) => updateRegistration(managerContext(deps, request), request.params.kind, request.params.id, request.body),
  });
}
