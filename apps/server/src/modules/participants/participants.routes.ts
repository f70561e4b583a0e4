import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendeeIdParamsSchema,
  attendeeInputSchema,
  attendeeListQuerySchema,
  attendeeListSchema,
  attendeeSchema,
  guestParamsSchema,
  kindParamsSchema,
  lateParticipantParamsSchema,
  participantIdParamsSchema,
  participantImportResultSchema,
  participantListQuerySchema,
  participantPageSchema,
  participantSchema,
  participantUpdateSchema,
  participantConsentsUpdateSchema,
  publicParticipantListSchema,
  ratingsRefreshResultSchema,
  LIST_CHANGED_NOTE,
  LIST_CONVENTION_NOTE,
  guestImportResultSchema,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext } from '../../platform/service-context.js';
import { readerLanguage } from '../../platform/reader-language.js';
import { readUpload, readUploadedPhoto } from '../../platform/uploads.js';
import { importGuests, previewGuestImport } from './guest-import.js';

/** A guest list is a few hundred lines: 5 MB is far above any real one. */
const GUEST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
import {
  addLateParticipant,
  createAttendee,
  createGuest,
  exportParticipantsCsv,
  getAttendee,
  getParticipant,
  getParticipantPhoto,
  importConfirmedRegistrations,
  listAttendees,
  listParticipants,
  listPublicParticipantsOf,
  refreshParticipantRatings,
  replaceParticipantPhoto,
  updateAttendee,
  updateParticipant,
  changeParticipantConsents,
} from './participants.service.js';

export async function participantsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/participant/public/:kind', {
    schema: {
      tags: ['participants'],
      summary: 'The public start list: enabled players, name, club, category and ratings only',
      params: kindParamsSchema,
      response: { 200: publicParticipantListSchema },
    },
    // Changed by participants' and enrolment writes (which declare no topic: they drop every kept answer).
    config: { access: 'public', publicCache: { topic: ['participants', 'edition'] } },
    handler: async (request) => listPublicParticipantsOf(deps.db, request.params.kind),
  });

  r.get('/api/v1/participant/:kind', {
    schema: {
      tags: ['participants'],
      summary: 'Participants (optional enabled=1), with search, filters, sort and paging',
      description: `${LIST_CONVENTION_NOTE} ${LIST_CHANGED_NOTE}`,
      params: kindParamsSchema,
      querystring: participantListQuerySchema,
      response: { 200: participantPageSchema },
    },
    config: { access: 'participants:read' },
    handler: async (request) => listParticipants(deps.db, request.params.kind, request.query),
  });

  r.get('/api/v1/participant/:kind/export.csv', {
    schema: { tags: ['participants'], summary: 'All participants as CSV', params: kindParamsSchema },
    config: { access: 'participants:read' },
    handler: async (request, reply) => {
      const csv = await exportParticipantsCsv(deps.db, request.params.kind, readerLanguage(request));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="participants-${request.params.kind}.csv"`).send(csv);
    },
  });

  r.post('/api/v1/participant/import/enrollments/:kind', {
    schema: {
      tags: ['participants'],
      summary: 'Import confirmed registrations (one per player, latest wins; existing skipped)',
      params: kindParamsSchema,
      response: { 200: participantImportResultSchema },
    },
    config: { access: 'participants:write' },
    handler: async (request) => importConfirmedRegistrations(managerContext(deps, request), request.params.kind),
  });

  r.post('/api/v1/participant/ratings/:kind', {
    schema: {
      tags: ['participants'],
      summary: 'Refresh ratings from the member registry',
      params: kindParamsSchema,
      response: { 200: ratingsRefreshResultSchema },
    },
    config: { access: 'participants:write' },
    handler: async (request) => refreshParticipantRatings(managerContext(deps, request), request.params.kind),
  });

  r.post('/api/v1/participant/:kind/:idbel/:cat', {
    schema: {
      tags: ['participants'],
      summary: 'Add a late participant by federation id and category',
      params: lateParticipantParamsSchema,
      response: { 200: participantSchema },
    },
    config: { access: 'participants:write' },
    handler: async (request) => addLateParticipant(managerContext(deps, request), request.params.kind, request.params.idbel, request.params.cat),
  });

  r.get('/api/v1/participant/:kind/:id', {
    schema: { tags: ['participants'], summary: 'One participant', params: participantIdParamsSchema, response: { 200: participantSchema } },
    config: { access: 'participants:read' },
    handler: async (request) => getParticipant(deps.db, request.params.kind, request.params.id),
  });

  r.put('/api/v1/participant/:kind/:id', {
    schema: {
      tags: ['participants'],
      summary: 'Edit a participant (category, e-mails, meals, ratings, enabled, remarks)',
      params: participantIdParamsSchema,
      body: participantUpdateSchema,
      response: { 200: participantSchema },
    },
    config: { access: 'participants:write' },
    handler: async (request) => updateParticipant(managerContext(deps, request), request.params.kind, request.params.id, request.body),
  });

  r.put('/api/v1/participant/:kind/:id/consents', {
    schema: {
      tags: ['participants'],
      summary: "Change a player's consents per purpose (badge photo, website photo, name on the public list); audited",
      params: participantIdParamsSchema,
      body: participantConsentsUpdateSchema,
      response: { 200: participantSchema },
    },
    config: { access: 'participants:write' },
    handler: async (request) => changeParticipantConsents(managerContext(deps, request), request.params.kind, request.params.id, request.body),
  });

  r.get('/api/v1/participant/photo/:kind/:id', {
    schema: { tags: ['participants'], summary: "A participant's photo (JPEG)", params: participantIdParamsSchema },
    config: { access: 'participants:read' },
    handler: async (request, reply) => {
      const jpeg = await getParticipantPhoto(deps.db, request.params.kind, request.params.id);
      return reply.type('image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
    },
  });

  r.post('/api/v1/participant/photo/:kind/:id', {
    schema: {
      tags: ['participants'],
      summary: "Replace a participant's photo (multipart field photo)",
      params: participantIdParamsSchema,
      response: { 200: z.object({ width: z.number().int(), height: z.number().int() }) },
    },
    config: { access: 'participants:write' },
    handler: async (request) =>
      replaceParticipantPhoto(managerContext(deps, request), request.params.kind, request.params.id, await readUploadedPhoto(request)),
  });

  r.get('/api/v1/attendee/:kind', {
    schema: {
      tags: ['participants'],
      summary: 'Attendees and guests, by category and name',
      description: `${LIST_CONVENTION_NOTE} Changed: the answer was \`{ items }\` with every attendee; it is now one page (1000 rows by default).`,
      params: kindParamsSchema,
      querystring: attendeeListQuerySchema,
      response: { 200: attendeeListSchema },
    },
    config: { access: 'participants:read' },
    handler: async (request) => listAttendees(deps.db, request.params.kind, request.query),
  });

  r.post('/api/v1/attendee/:kind', {
    schema: { tags: ['participants'], summary: 'Add an attendee', params: kindParamsSchema, body: attendeeInputSchema, response: { 200: attendeeSchema } },
    config: { access: 'participants:write' },
    handler: async (request) => createAttendee(managerContext(deps, request), request.params.kind, request.body),
  });

  r.get('/api/v1/attendee/:kind/:id', {
    schema: { tags: ['participants'], summary: 'One attendee', params: attendeeIdParamsSchema, response: { 200: attendeeSchema } },
    config: { access: 'participants:read' },
    handler: async (request) => getAttendee(deps.db, request.params.kind, request.params.id),
  });

  r.put('/api/v1/attendee/:kind/:id', {
    schema: {
      tags: ['participants'],
      summary: 'Edit an attendee',
      params: attendeeIdParamsSchema,
      body: attendeeInputSchema,
      response: { 200: attendeeSchema },
    },
    config: { access: 'participants:write' },
    handler: async (request) => updateAttendee(managerContext(deps, request), request.params.kind, request.params.id, request.body),
  });

  r.post('/api/v1/attendee/:kind/import/preview', {
    schema: {
      tags: ['participants'],
      summary: 'Read a CSV or XLSX of guests and meal-eaters (multipart field "file"; optional field "category"): every line with its verdict, nothing written',
      params: kindParamsSchema,
      response: { 200: guestImportResultSchema },
    },
    config: { access: 'participants:write' },
    handler: async (request) => {
      const upload = await readUpload(request, { maxBytes: GUEST_IMPORT_MAX_BYTES });
      return previewGuestImport(managerContext(deps, request), request.params.kind, upload.data, upload.fields.category);
    },
  });

  r.post('/api/v1/attendee/:kind/import', {
    schema: {
      tags: ['participants'],
      summary: 'Import the new lines of a CSV or XLSX of guests (as the preview judged them); lines already there are not added again',
      params: kindParamsSchema,
      response: { 200: guestImportResultSchema },
    },
    config: { access: 'participants:write' },
    handler: async (request) => {
      const upload = await readUpload(request, { maxBytes: GUEST_IMPORT_MAX_BYTES });
      return importGuests(managerContext(deps, request), request.params.kind, upload.data, upload.fields.category);
    },
  });

  r.post('/api/v1/guest/:first_name/:last_name/:cat', {
    schema: { tags: ['participants'], summary: 'Add a guest by name and category', params: guestParamsSchema, response: { 200: attendeeSchema } },
    config: { access: 'participants:write' },
    handler: async (request) => createGuest(managerContext(deps, request), request.params.first_name, request.params.last_name, request.params.cat),
  });
}
