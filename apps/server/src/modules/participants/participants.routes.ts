import type { FastifyInstance } from 'fastify';

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
import { apiRoutes, CSV_TYPE, photoSizeSchema, sendAttachment, sendUnstored } from '../../platform/routes.js';
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

// Changed by participants' and enrolment writes (which declare no topic: they drop every kept answer).
const publicList = { access: 'public', publicCache: { topic: ['participants', 'edition'] } } as const;

export async function participantsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['participants']);

  api.get('/api/v1/participant/public/:kind', publicList, 'The public start list: enabled players, name, club, category and ratings only', {
    schema: { params: kindParamsSchema, response: { 200: publicParticipantListSchema } },
    handler: async (request) => listPublicParticipantsOf(deps.db, request.params.kind),
  });

  api.get('/api/v1/participant/:kind', 'participants:read', 'Participants (optional enabled=1), with search, filters, sort and paging', {
    description: `${LIST_CONVENTION_NOTE} ${LIST_CHANGED_NOTE}`,
    schema: { params: kindParamsSchema, querystring: participantListQuerySchema, response: { 200: participantPageSchema } },
    handler: async (request) => listParticipants(deps.db, request.params.kind, request.query),
  });

  api.get('/api/v1/participant/:kind/export.csv', 'participants:read', 'All participants as CSV', {
    schema: { params: kindParamsSchema },
    handler: async (request, reply) => {
      const csv = await exportParticipantsCsv(deps.db, request.params.kind, readerLanguage(request));
      return sendAttachment(reply, CSV_TYPE, `participants-${request.params.kind}.csv`, csv);
    },
  });

  api.post('/api/v1/participant/import/enrollments/:kind', 'participants:write', {
    summary: 'Import confirmed registrations (one per player, latest wins; existing skipped)',
    schema: { params: kindParamsSchema, response: { 200: participantImportResultSchema } },
    handler: async (request) => importConfirmedRegistrations(managerContext(deps, request), request.params.kind),
  });

  api.post('/api/v1/participant/ratings/:kind', 'participants:write', 'Refresh ratings from the member registry', {
    schema: { params: kindParamsSchema, response: { 200: ratingsRefreshResultSchema } },
    handler: async (request) => refreshParticipantRatings(managerContext(deps, request), request.params.kind),
  });

  api.post('/api/v1/participant/:kind/:idbel/:cat', 'participants:write', 'Add a late participant by federation id and category', {
    schema: { params: lateParticipantParamsSchema, response: { 200: participantSchema } },
    handler: async (request) => addLateParticipant(managerContext(deps, request), request.params.kind, request.params.idbel, request.params.cat),
  });

  api.get('/api/v1/participant/:kind/:id', 'participants:read', 'One participant', {
    schema: { params: participantIdParamsSchema, response: { 200: participantSchema } },
    handler: async (request) => getParticipant(deps.db, request.params.kind, request.params.id),
  });

  api.put('/api/v1/participant/:kind/:id', 'participants:write', 'Edit a participant (category, e-mails, meals, ratings, enabled, remarks)', {
    schema: { params: participantIdParamsSchema, body: participantUpdateSchema, response: { 200: participantSchema } },
    handler: async (request) => updateParticipant(managerContext(deps, request), request.params.kind, request.params.id, request.body),
  });

  api.put('/api/v1/participant/:kind/:id/consents', 'participants:write', {
    summary: "Change a player's consents per purpose (badge photo, website photo, name on the public list); audited",
    schema: { params: participantIdParamsSchema, body: participantConsentsUpdateSchema, response: { 200: participantSchema } },
    handler: async (request) => changeParticipantConsents(managerContext(deps, request), request.params.kind, request.params.id, request.body),
  });

  api.get('/api/v1/participant/photo/:kind/:id', 'participants:read', "A participant's photo (JPEG)", {
    schema: { params: participantIdParamsSchema },
    handler: async (request, reply) => {
      const jpeg = await getParticipantPhoto(deps.db, request.params.kind, request.params.id);
      return sendUnstored(reply, 'image/jpeg', jpeg);
    },
  });

  api.post('/api/v1/participant/photo/:kind/:id', 'participants:write', "Replace a participant's photo (multipart field photo)", {
    schema: { params: participantIdParamsSchema, response: { 200: photoSizeSchema } },
    handler: async (request) =>
      replaceParticipantPhoto(managerContext(deps, request), request.params.kind, request.params.id, await readUploadedPhoto(request)),
  });

  api.get('/api/v1/attendee/:kind', 'participants:read', 'Attendees and guests, by category and name', {
    description: `${LIST_CONVENTION_NOTE} Changed: the answer was \`{ items }\` with every attendee; it is now one page (1000 rows by default).`,
    schema: { params: kindParamsSchema, querystring: attendeeListQuerySchema, response: { 200: attendeeListSchema } },
    handler: async (request) => listAttendees(deps.db, request.params.kind, request.query),
  });

  api.post('/api/v1/attendee/:kind', 'participants:write', 'Add an attendee', {
    schema: { params: kindParamsSchema, body: attendeeInputSchema, response: { 200: attendeeSchema } },
    handler: async (request) => createAttendee(managerContext(deps, request), request.params.kind, request.body),
  });

  api.get('/api/v1/attendee/:kind/:id', 'participants:read', 'One attendee', {
    schema: { params: attendeeIdParamsSchema, response: { 200: attendeeSchema } },
    handler: async (request) => getAttendee(deps.db, request.params.kind, request.params.id),
  });

  api.put('/api/v1/attendee/:kind/:id', 'participants:write', 'Edit an attendee', {
    schema: { params: attendeeIdParamsSchema, body: attendeeInputSchema, response: { 200: attendeeSchema } },
    handler: async (request) => updateAttendee(managerContext(deps, request), request.params.kind, request.params.id, request.body),
  });

  api.post('/api/v1/attendee/:kind/import/preview', 'participants:write', {
    summary: 'Read a CSV or XLSX of guests and meal-eaters (multipart field "file"; optional field "category"): every line with its verdict, nothing written',
    schema: { params: kindParamsSchema, response: { 200: guestImportResultSchema } },
    handler: async (request) => {
      const upload = await readUpload(request, { maxBytes: GUEST_IMPORT_MAX_BYTES });
      return previewGuestImport(managerContext(deps, request), request.params.kind, upload.data, upload.fields.category);
    },
  });

  api.post('/api/v1/attendee/:kind/import', 'participants:write', {
    summary: 'Import the new lines of a CSV or XLSX of guests (as the preview judged them); lines already there are not added again',
    schema: { params: kindParamsSchema, response: { 200: guestImportResultSchema } },
    handler: async (request) => {
      const upload = await readUpload(request, { maxBytes: GUEST_IMPORT_MAX_BYTES });
      return importGuests(managerContext(deps, request), request.params.kind, upload.data, upload.fields.category);
    },
  });

  api.post('/api/v1/guest/:first_name/:last_name/:cat', 'participants:write', 'Add a guest by name and category', {
    schema: { params: guestParamsSchema, response: { 200: attendeeSchema } },
    handler: async (request) => createGuest(managerContext(deps, request), request.params.first_name, request.params.last_name, request.params.cat),
  });
}
