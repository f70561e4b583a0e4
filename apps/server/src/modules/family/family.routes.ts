import type { FastifyInstance } from 'fastify';

import { z } from 'zod';
import {
  absenceIdParamsSchema,
  absenceListQuerySchema,
  absenceListSchema,
  absenceNoteSchema,
  absenceRowSchema,
  familyAbsenceInputSchema,
  familyAbsenceParamsSchema,
  familyAbsenceSchema,
  familyChildParamsSchema,
  familyContactsUpdateSchema,
  familyConsentsUpdateSchema,
  consentsSchema,
  familyLinkSentSchema,
  familyOverviewSchema,
  familyPaymentParamsSchema,
  familyReservationParamsSchema,
  familyReservationRequestInputSchema,
  familyPrivacyRequestInputSchema,
  familyPrivacyRequestSchema,
  privacyRequestAnswerSchema,
  privacyRequestListQuerySchema,
  privacyRequestListSchema,
  privacyRequestRowSchema,
  personalDataOverviewSchema,
  familySessionSchema,
  familySessionStartSchema,
  familySignInLinkAnswerSchema,
  familySignInLinkRequestSchema,
  languageSchema,
  registrationFamilyLinkParamsSchema,
  reservationFamilyLinkParamsSchema,
  reservationRequestAnswerSchema,
  reservationRequestListQuerySchema,
  reservationRequestListSchema,
} from '@bjk/domain';
import { familyOf } from '../../platform/access.js';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext, systemContext } from '../../platform/service-context.js';
import { readUploadedPhoto } from '../../platform/uploads.js';
import { apiRoutes, CSV_TYPE, noContent, PDF_TYPE, photoSizeSchema, sendAttachment } from '../../platform/routes.js';
import { clearFamilyCookie, closeFamilySession, setFamilyCookie } from './family-session.js';
import { readerLanguage } from '../../platform/reader-language.js';
import { answerPrivacyRequest, listPrivacyRequests, requestPrivacy } from './privacy-requests.js';
import { getPersonalDataOverview } from './retention.service.js';
import { exportFamilyDataPdf } from './family-data-pdf.js';
import {
  absencesCsv,
  announceAbsence,
  answerReservationRequest,
  changeChildContacts,
  changeChildConsents,
  exportFamilyData,
  getChildPhoto,
  getFamilyInvoice,
  getFamilyOverview,
  listAbsences,
  listReservationRequests,
  markAbsenceNoted,
  replaceChildPhoto,
  requestReservationChange,
  requestSignInLink,
  sendFamilyLinkOfReservation,
  sendFamilyLinksOfRegistration,
  signInWithLink,
  withdrawAbsence,
} from './family.service.js';

/** Never stored for a replayed `Idempotency-Key`. */
const publicOnce = { access: 'public', idempotency: false } as const;
const familyOnce = { access: 'family', idempotency: false } as const;
/** The language of the family's page and of its PDF. */
const languageQuery = z.object({ language: languageSchema.default('nl') });
/** Family answers are the family's own: never kept by a shared cache. */
const PRIVATE = 'private, no-store';

export async function familyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['family']);
  const ctx = () => systemContext(deps);
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.access === 'family' || request.url.startsWith('/api/v1/family/anon/')) reply.header('cache-control', PRIVATE);
  });

  // Every attempt counts towards the per-address limit: a replayed key must not slip past it.
  api.post('/api/v1/family/anon/sign-in-link', publicOnce, {
    summary: 'Mail a single-use sign-in link to a family’s address (the same answer for every address; limited per address)',
    schema: { body: familySignInLinkRequestSchema, response: { 202: familySignInLinkAnswerSchema } },
    handler: async (request, reply) => reply.status(202).send(await requestSignInLink(ctx(), request.body)),
  });

  // The answer sets a session cookie: it must never be stored for a replay.
  api.post('/api/v1/family/anon/session', publicOnce, 'Spend a sign-in link (the landing page’s button) and open the family’s session (an HttpOnly cookie)', {
    schema: { body: familySessionStartSchema, response: { 200: familySessionSchema } },
    handler: async (request, reply) => {
      const session = await signInWithLink(ctx(), request.body.token);
      setFamilyCookie(request, reply, session.token, session.expiresAt, deps.clock.now());
      return { email: session.email, expiresAt: session.expiresAt.toISOString() };
    },
  });

  api.post('/api/v1/family/session/sign-out', familyOnce, 'End the family’s session', {
    schema: { response: { 204: z.null() } },
    handler: async (request, reply) => {
      await closeFamilySession(deps.db, request);
      clearFamilyCookie(request, reply);
      return noContent(reply);
    },
  });

  api.get('/api/v1/family/me', 'family', 'The family’s page: each child (enrolment, payment, badge, consents, results, absences) and each reservation', {
    schema: { querystring: languageQuery, response: { 200: familyOverviewSchema } },
    handler: async (request) => getFamilyOverview(ctx(), familyOf(request), request.query.language),
  });

  api.get('/api/v1/family/me/data.json', 'family', 'Everything personal the site holds for the family, as JSON (GDPR art. 15 and 20)', {
    handler: async (request, reply) =>
      sendAttachment(reply, 'application/json; charset=utf-8', 'my-family.json', JSON.stringify(await exportFamilyData(ctx(), familyOf(request)), null, 2)),
  });

  api.get('/api/v1/family/me/data.pdf', 'family', 'Everything personal the site holds for the family, as a readable PDF in its language', {
    schema: { querystring: languageQuery },
    handler: async (request, reply) =>
      sendAttachment(reply, PDF_TYPE, 'my-family.pdf', await exportFamilyDataPdf(ctx(), familyOf(request), request.query.language)),
  });

  api.get('/api/v1/family/children/:registrationId/photo', 'family', 'A child’s badge photo (JPEG)', {
    schema: { params: familyChildParamsSchema },
    handler: async (request, reply) => reply.type('image/jpeg').send(await getChildPhoto(ctx(), familyOf(request), request.params.registrationId)),
  });

  api.post('/api/v1/family/children/:registrationId/photo', 'family', {
    summary: 'Replace a child’s badge photo (multipart field "photo"; a printed badge is flagged for reprint)',
    schema: { params: familyChildParamsSchema, response: { 200: photoSizeSchema } },
    handler: async (request) => replaceChildPhoto(ctx(), familyOf(request), request.params.registrationId, await readUploadedPhoto(request)),
  });

  api.put('/api/v1/family/children/:registrationId/contacts', 'family', {
    summary: 'Change a child’s contacts (player, parent, attendant); audited as the family’s change',
    schema: { params: familyChildParamsSchema, body: familyContactsUpdateSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await changeChildContacts(ctx(), familyOf(request), request.params.registrationId, request.body);
      return noContent(reply);
    },
  });

  api.put('/api/v1/family/children/:registrationId/consents', 'family', {
    summary: 'Change a child’s consents per purpose (badge photo, website photo, name on the public list); audited as the family’s change',
    schema: { params: familyChildParamsSchema, body: familyConsentsUpdateSchema, response: { 200: consentsSchema } },
    handler: async (request) => changeChildConsents(ctx(), familyOf(request), request.params.registrationId, request.body),
  });

  api.post('/api/v1/family/children/:registrationId/absences', 'family', {
    summary: 'Announce an absence or ask a half-point bye for a round, before its deadline (a retry answers the same request)',
    schema: { params: familyChildParamsSchema, body: familyAbsenceInputSchema, response: { 200: familyAbsenceSchema } },
    handler: async (request) => announceAbsence(ctx(), familyOf(request), request.params.registrationId, request.body),
  });

  api.delete('/api/v1/family/children/:registrationId/absences/:absenceId', 'family', 'Withdraw an absence request before the round’s deadline', {
    schema: { params: familyAbsenceParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await withdrawAbsence(ctx(), familyOf(request), request.params.registrationId, request.params.absenceId);
      return noContent(reply);
    },
  });

  api.get('/api/v1/family/payments/:paymentId/invoice.pdf', 'family', 'The invoice PDF of one of the family’s payments', {
    schema: { params: familyPaymentParamsSchema },
    handler: async (request, reply) => {
      const { pdf, fileName } = await getFamilyInvoice(ctx(), familyOf(request), request.params.paymentId);
      return sendAttachment(reply, PDF_TYPE, fileName, pdf);
    },
  });

  api.post('/api/v1/family/reservations/:reservationId/requests', 'family', 'Ask the lodging desk for a change or a cancellation of a reservation', {
    schema: { params: familyReservationParamsSchema, body: familyReservationRequestInputSchema, response: { 200: z.object({ id: z.uuid() }) } },
    handler: async (request) => requestReservationChange(ctx(), familyOf(request), request.params.reservationId, request.body),
  });

  // Back office ------------------------------------------------------------------------------------------------

  api.post('/api/v1/family/mgmt/registration/:kind/:id/link', 'registrations:write', 'Mail the sign-in link of "My family" to each contact of a registration', {
    schema: { params: registrationFamilyLinkParamsSchema, response: { 200: familyLinkSentSchema } },
    handler: async (request) => sendFamilyLinksOfRegistration(managerContext(deps, request), request.params.kind, request.params.id),
  });

  api.post('/api/v1/family/mgmt/reservation/:id/link', 'lodging:write', 'Mail the sign-in link of "My family" to the responsible adult of a reservation', {
    schema: { params: reservationFamilyLinkParamsSchema, response: { 200: familyLinkSentSchema } },
    handler: async (request) => sendFamilyLinkOfReservation(managerContext(deps, request), request.params.id),
  });

  api.get('/api/v1/family/mgmt/absences', 'participants:read', 'Absence and bye requests per category and round (the arbiters’ list)', {
    schema: { querystring: absenceListQuerySchema, response: { 200: absenceListSchema } },
    handler: async (request) => listAbsences(deps.db, request.query),
  });

  api.get('/api/v1/family/mgmt/absences.csv', 'participants:read', 'Absence and bye requests as CSV for the pairing program (pairing number and name)', {
    schema: { querystring: absenceListQuerySchema },
    handler: async (request, reply) => {
      const { items } = await listAbsences(deps.db, request.query);
      const name = ['absences', request.query.category, request.query.round ? `r${request.query.round}` : undefined].filter(Boolean).join('-');
      return sendAttachment(reply, CSV_TYPE, `${name}.csv`, absencesCsv(items, readerLanguage(request)));
    },
  });

  api.put('/api/v1/family/mgmt/absences/:id/noted', 'results:write', 'Mark a request as entered in the pairing program (or undo it)', {
    schema: { params: absenceIdParamsSchema, body: absenceNoteSchema, response: { 200: absenceRowSchema } },
    handler: async (request) => markAbsenceNoted(managerContext(deps, request), request.params.id, request.body.noted),
  });

  api.post('/api/v1/family/privacy-requests', 'family', {
    summary: 'Ask the organisers to erase a child’s or the whole family’s personal data, or to correct a child’s name or birth date',
    schema: {
      querystring: languageQuery,
      body: familyPrivacyRequestInputSchema,
      response: { 201: familyPrivacyRequestSchema },
    },
    handler: async (request, reply) => {
      const created = await requestPrivacy(ctx(), familyOf(request), request.body, request.query.language);
      return reply.status(201).send(created);
    },
  });

  api.get('/api/v1/family/mgmt/personal-data', 'audit:read', {
    summary: 'Per edition: how many records still hold each kind of personal data, and when the shredder’s stages run',
    schema: { response: { 200: personalDataOverviewSchema } },
    handler: async () => getPersonalDataOverview(deps.db),
  });

  api.get('/api/v1/family/mgmt/privacy-requests', 'registrations:read', 'Families’ erasure and correction requests', {
    schema: { querystring: privacyRequestListQuerySchema, response: { 200: privacyRequestListSchema } },
    handler: async (request) => listPrivacyRequests(deps.db, request.query.status),
  });

  api.put('/api/v1/family/mgmt/privacy-requests/:id/answer', 'registrations:write', {
    summary: 'Approve (an erasure runs at once) or refuse with a reason a family’s privacy request; the family is mailed',
    schema: { params: absenceIdParamsSchema, body: privacyRequestAnswerSchema, response: { 200: privacyRequestRowSchema } },
    handler: async (request) => answerPrivacyRequest(managerContext(deps, request), request.params.id, request.body),
  });

  api.get('/api/v1/family/mgmt/reservation-requests', 'lodging:read', 'Families’ change and cancellation requests of reservations', {
    schema: { querystring: reservationRequestListQuerySchema, response: { 200: reservationRequestListSchema } },
    handler: async (request) => listReservationRequests(deps.db, request.query.status),
  });

  api.put('/api/v1/family/mgmt/reservation-requests/:id/answer', 'lodging:write', 'Answer a family’s reservation request', {
    schema: { params: absenceIdParamsSchema, body: reservationRequestAnswerSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await answerReservationRequest(managerContext(deps, request), request.params.id, request.body.answer);
      return noContent(reply);
    },
  });
}
