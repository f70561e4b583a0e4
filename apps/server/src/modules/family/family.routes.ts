import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

const TAGS = ['family'];
const family = { access: 'family' } as const;
/** Family answers are the family's own: never kept by a shared cache. */
const PRIVATE = 'private, no-store';

export async function familyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = () => systemContext(deps);
  r.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.access === 'family' || request.url.startsWith('/api/v1/family/anon/')) reply.header('cache-control', PRIVATE);
  });

  r.post('/api/v1/family/anon/sign-in-link', {
    schema: {
      tags: TAGS,
      summary: 'Mail a single-use sign-in link to a family’s address (the same answer for every address; limited per address)',
      body: familySignInLinkRequestSchema,
      response: { 202: familySignInLinkAnswerSchema },
    },
    // Every attempt counts towards the per-address limit: a replayed key must not slip past it.
    config: { access: 'public', idempotency: false },
    handler: async (request, reply) => reply.status(202).send(await requestSignInLink(ctx(), request.body)),
  });

  r.post('/api/v1/family/anon/session', {
    schema: {
      tags: TAGS,
      summary: 'Spend a sign-in link (the landing page’s button) and open the family’s session (an HttpOnly cookie)',
      body: familySessionStartSchema,
      response: { 200: familySessionSchema },
    },
    // The answer sets a session cookie: it must never be stored for a replay.
    config: { access: 'public', idempotency: false },
    handler: async (request, reply) => {
      const session = await signInWithLink(ctx(), request.body.token);
      setFamilyCookie(request, reply, session.token, session.expiresAt, deps.clock.now());
      return { email: session.email, expiresAt: session.expiresAt.toISOString() };
    },
  });

  r.post('/api/v1/family/session/sign-out', {
    schema: { tags: TAGS, summary: 'End the family’s session', response: { 204: z.null() } },
    config: { ...family, idempotency: false },
    handler: async (request, reply) => {
      await closeFamilySession(deps.db, request);
      clearFamilyCookie(request, reply);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/v1/family/me', {
    schema: {
      tags: TAGS,
      summary: 'The family’s page: each child (enrolment, payment, badge, consents, results, absences) and each reservation',
      querystring: z.object({ language: languageSchema.default('nl') }),
      response: { 200: familyOverviewSchema },
    },
    config: family,
    handler: async (request) => getFamilyOverview(ctx(), familyOf(request), request.query.language),
  });

  r.get('/api/v1/family/me/data.json', {
    schema: { tags: TAGS, summary: 'Everything personal the site holds for the family, as JSON (GDPR art. 15 and 20)' },
    config: family,
    handler: async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="my-family.json"')
        .send(JSON.stringify(await exportFamilyData(ctx(), familyOf(request)), null, 2)),
  });

  r.get('/api/v1/family/me/data.pdf', {
    schema: {
      tags: TAGS,
      summary: 'Everything personal the site holds for the family, as a readable PDF in its language',
      querystring: z.object({ language: languageSchema.default('nl') }),
    },
    config: family,
    handler: async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="my-family.pdf"')
        .send(await exportFamilyDataPdf(ctx(), familyOf(request), request.query.language)),
  });

  r.get('/api/v1/family/children/:registrationId/photo', {
    schema: { tags: TAGS, summary: 'A child’s badge photo (JPEG)', params: familyChildParamsSchema },
    config: family,
    handler: async (request, reply) => reply.type('image/jpeg').send(await getChildPhoto(ctx(), familyOf(request), request.params.registrationId)),
  });

  r.post('/api/v1/family/children/:registrationId/photo', {
    schema: {
      tags: TAGS,
      summary: 'Replace a child’s badge photo (multipart field "photo"; a printed badge is flagged for reprint)',
      params: familyChildParamsSchema,
      response: { 200: z.object({ width: z.number().int(), height: z.number().int() }) },
    },
    config: family,
    handler: async (request) => replaceChildPhoto(ctx(), familyOf(request), request.params.registrationId, await readUploadedPhoto(request)),
  });

  r.put('/api/v1/family/children/:registrationId/contacts', {
    schema: {
      tags: TAGS,
      summary: 'Change a child’s contacts (player, parent, attendant); audited as the family’s change',
      params: familyChildParamsSchema,
      body: familyContactsUpdateSchema,
      response: { 204: z.null() },
    },
    config: family,
    handler: async (request, reply) => {
      await changeChildContacts(ctx(), familyOf(request), request.params.registrationId, request.body);
      return reply.status(204).send(null);
    },
  });

  r.put('/api/v1/family/children/:registrationId/consents', {
    schema: {
      tags: TAGS,
      summary: 'Change a child’s consents per purpose (badge photo, website photo, name on the public list); audited as the family’s change',
      params: familyChildParamsSchema,
      body: familyConsentsUpdateSchema,
      response: { 200: consentsSchema },
    },
    config: family,
    handler: async (request) => changeChildConsents(ctx(), familyOf(request), request.params.registrationId, request.body),
  });

  r.post('/api/v1/family/children/:registrationId/absences', {
    schema: {
      tags: TAGS,
      summary: 'Announce an absence or ask a half-point bye for a round, before its deadline (a retry answers the same request)',
      params: familyChildParamsSchema,
      body: familyAbsenceInputSchema,
      response: { 200: familyAbsenceSchema },
    },
    config: family,
    handler: async (request) => announceAbsence(ctx(), familyOf(request), request.params.registrationId, request.body),
  });

  r.delete('/api/v1/family/children/:registrationId/absences/:absenceId', {
    schema: { tags: TAGS, summary: 'Withdraw an absence request before the round’s deadline', params: familyAbsenceParamsSchema, response: { 204: z.null() } },
    config: family,
    handler: async (request, reply) => {
      await withdrawAbsence(ctx(), familyOf(request), request.params.registrationId, request.params.absenceId);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/v1/family/payments/:paymentId/invoice.pdf', {
    schema: { tags: TAGS, summary: 'The invoice PDF of one of the family’s payments', params: familyPaymentParamsSchema },
    config: family,
    handler: async (request, reply) => {
      const { pdf, fileName } = await getFamilyInvoice(ctx(), familyOf(request), request.params.paymentId);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
    },
  });

  r.post('/api/v1/family/reservations/:reservationId/requests', {
    schema: {
      tags: TAGS,
      summary: 'Ask the lodging desk for a change or a cancellation of a reservation',
      params: familyReservationParamsSchema,
      body: familyReservationRequestInputSchema,
      response: { 200: z.object({ id: z.uuid() }) },
    },
    config: family,
    handler: async (request) => requestReservationChange(ctx(), familyOf(request), request.params.reservationId, request.body),
  });

  // Back office ------------------------------------------------------------------------------------------------

  r.post('/api/v1/family/mgmt/registration/:kind/:id/link', {
    schema: {
      tags: TAGS,
      summary: 'Mail the sign-in link of "My family" to each contact of a registration',
      params: registrationFamilyLinkParamsSchema,
      response: { 200: familyLinkSentSchema },
    },
    config: { access: 'registrations:write' },
    handler: async (request) => sendFamilyLinksOfRegistration(managerContext(deps, request), request.params.kind, request.params.id),
  });

  r.post('/api/v1/family/mgmt/reservation/:id/link', {
    schema: {
      tags: TAGS,
      summary: 'Mail the sign-in link of "My family" to the responsible adult of a reservation',
      params: reservationFamilyLinkParamsSchema,
      response: { 200: familyLinkSentSchema },
    },
    config: { access: 'lodging:write' },
    handler: async (request) => sendFamilyLinkOfReservation(managerContext(deps, request), request.params.id),
  });

  r.get('/api/v1/family/mgmt/absences', {
    schema: {
      tags: TAGS,
      summary: 'Absence and bye requests per category and round (the arbiters’ list)',
      querystring: absenceListQuerySchema,
      response: { 200: absenceListSchema },
    },
    config: { access: 'participants:read' },
    handler: async (request) => listAbsences(deps.db, request.query),
  });

  r.get('/api/v1/family/mgmt/absences.csv', {
    schema: { tags: TAGS, summary: 'Absence and bye requests as CSV for the pairing program (pairing number and name)', querystring: absenceListQuerySchema },
    config: { access: 'participants:read' },
    handler: async (request, reply) => {
      const { items } = await listAbsences(deps.db, request.query);
      const name = ['absences', request.query.category, request.query.round ? `r${request.query.round}` : undefined].filter(Boolean).join('-');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(absencesCsv(items, readerLanguage(request)));
    },
  });

  r.put('/api/v1/family/mgmt/absences/:id/noted', {
    schema: {
      tags: TAGS,
      summary: 'Mark a request as entered in the pairing program (or undo it)',
      params: absenceIdParamsSchema,
      body: absenceNoteSchema,
      response: { 200: absenceRowSchema },
    },
    config: { access: 'results:write' },
    handler: async (request) => markAbsenceNoted(managerContext(deps, request), request.params.id, request.body.noted),
  });

  r.post('/api/v1/family/privacy-requests', {
    schema: {
      tags: TAGS,
      summary: 'Ask the organisers to erase a child’s or the whole family’s personal data, or to correct a child’s name or birth date',
      querystring: z.object({ language: languageSchema.default('nl') }),
      body: familyPrivacyRequestInputSchema,
      response: { 201: familyPrivacyRequestSchema },
    },
    config: family,
    handler: async (request, reply) => {
      const created = await requestPrivacy(ctx(), familyOf(request), request.body, request.query.language);
      return reply.status(201).send(created);
    },
  });

  r.get('/api/v1/family/mgmt/personal-data', {
    schema: {
      tags: TAGS,
      summary: 'Per edition: how many records still hold each kind of personal data, and when the shredder’s stages run',
      response: { 200: personalDataOverviewSchema },
    },
    config: { access: 'audit:read' },
    handler: async () => getPersonalDataOverview(deps.db),
  });

  r.get('/api/v1/family/mgmt/privacy-requests', {
    schema: {
      tags: TAGS,
      summary: 'Families’ erasure and correction requests',
      querystring: privacyRequestListQuerySchema,
      response: { 200: privacyRequestListSchema },
    },
    config: { access: 'registrations:read' },
    handler: async (request) => listPrivacyRequests(deps.db, request.query.status),
  });

  r.put('/api/v1/family/mgmt/privacy-requests/:id/answer', {
    schema: {
      tags: TAGS,
      summary: 'Approve (an erasure runs at once) or refuse with a reason a family’s privacy request; the family is mailed',
      params: absenceIdParamsSchema,
      body: privacyRequestAnswerSchema,
      response: { 200: privacyRequestRowSchema },
    },
    config: { access: 'registrations:write' },
    handler: async (request) => answerPrivacyRequest(managerContext(deps, request), request.params.id, request.body),
  });

  r.get('/api/v1/family/mgmt/reservation-requests', {
    schema: {
      tags: TAGS,
      summary: 'Families’ change and cancellation requests of reservations',
      querystring: reservationRequestListQuerySchema,
      response: { 200: reservationRequestListSchema },
    },
    config: { access: 'lodging:read' },
    handler: async (request) => listReservationRequests(deps.db, request.query.status),
  });

  r.put('/api/v1/family/mgmt/reservation-requests/:id/answer', {
    schema: {
      tags: TAGS,
      summary: 'Answer a family’s reservation request',
      params: absenceIdParamsSchema,
      body: reservationRequestAnswerSchema,
      response: { 204: z.null() },
    },
    config: { access: 'lodging:write' },
    handler: async (request, reply) => {
      await answerReservationRequest(managerContext(deps, request), request.params.id, request.body.answer);
      return reply.status(204).send(null);
    },
  });
}
