import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assignRoomParamsSchema,
  freeRoomParamsSchema,
  lodgingFiguresSchema,
  makeReservationResultSchema,
  makeReservationSchema,
  reservationIdParamsSchema,
  reservationListQuerySchema,
  reservationListSchema,
  reservationSchema,
  roomImportResultSchema,
  roomImportSchema,
  roomListSchema,
  roomNumberParamsSchema,
  roomSchema,
  roomUpdateSchema,
  updateReservationSchema,
  LIST_CONVENTION_NOTE,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext, systemContext } from '../../platform/service-context.js';
import { readerLanguage } from '../../platform/reader-language.js';
import {
  assignRoom,
  exportStayWorkbook,
  getReservation,
  importRooms,
  listFreeRooms,
  listReservations,
  listRooms,
  lodgingFigures,
  makeReservation,
  unassignRoom,
  updateReservation,
  updateRoom,
} from './lodging.service.js';

const manager = { security: [{ bearer: [] }] };

export async function lodgingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/stay/cmd/make_reservation', {
    schema: {
      tags: ['lodging'],
      summary: 'Request a room with meals for the championship (the public reservation wizard)',
      body: makeReservationSchema,
      response: { 201: makeReservationResultSchema },
    },
    config: { access: 'public' },
    handler: async (request, reply) => reply.status(201).send(await makeReservation(systemContext(deps), request.body)),
  });

  r.get('/api/v1/stay/reservation', {
    schema: {
      tags: ['lodging'],
      summary: 'Reservations: search, filters, paging, totals',
      description: LIST_CONVENTION_NOTE,
      ...manager,
      querystring: reservationListQuerySchema,
      response: { 200: reservationListSchema },
    },
    config: { access: 'lodging:read' },
    handler: async (request) => listReservations(deps.db, request.query),
  });

  r.get('/api/v1/stay/reservation/:id', {
    schema: {
      tags: ['lodging'],
      summary: 'One reservation with guests, rooms, price and history',
      ...manager,
      params: reservationIdParamsSchema,
      response: { 200: reservationSchema },
    },
    config: { access: 'lodging:read' },
    handler: async (request) => getReservation(deps.db, request.params.id, readerLanguage(request)),
  });

  r.put('/api/v1/stay/reservation/:id', {
    schema: {
      tags: ['lodging'],
      summary: 'Edit a reservation (every field)',
      ...manager,
      params: reservationIdParamsSchema,
      body: updateReservationSchema,
      response: { 200: reservationSchema },
    },
    config: { access: 'lodging:write' },
    handler: async (request) => updateReservation(managerContext(deps, request), request.params.id, request.body, readerLanguage(request)),
  });

  r.post('/api/v1/stay/cmd/assignroom/:id/:roomnr', {
    schema: {
      tags: ['lodging'],
      summary: 'Assign a free room of the right type to a reservation',
      ...manager,
      params: assignRoomParamsSchema,
      response: { 200: reservationSchema },
    },
    config: { access: 'lodging:write' },
    handler: async (request) => assignRoom(managerContext(deps, request), request.params.id, request.params.roomnr, readerLanguage(request)),
  });

  r.delete('/api/v1/stay/cmd/assignroom/:id/:roomnr', {
    schema: {
      tags: ['lodging'],
      summary: 'Take a room back from a reservation',
      ...manager,
      params: assignRoomParamsSchema,
      response: { 200: reservationSchema },
    },
    config: { access: 'lodging:write' },
    handler: async (request) => unassignRoom(managerContext(deps, request), request.params.id, request.params.roomnr, readerLanguage(request)),
  });

  r.get('/api/v1/stay/cmd/xls_stay', {
    schema: { tags: ['lodging'], summary: 'Rooming list and kitchen list (xlsx: Reservations, Guests, Meals per day)', ...manager },
    config: { access: 'lodging:read' },
    handler: async (request, reply) => {
      const workbook = await exportStayWorkbook(deps.db, readerLanguage(request));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="stay.xlsx"')
        .send(workbook);
    },
  });

  r.get('/api/v1/stay/figures', {
    schema: { tags: ['lodging'], summary: 'Lodging figures for the dashboard', ...manager, response: { 200: lodgingFiguresSchema } },
    config: { access: 'lodging:read' },
    handler: async () => lodgingFigures(deps.db),
  });

  r.get('/api/v1/room', {
    schema: { tags: ['lodging'], summary: 'The room inventory with occupancy', ...manager, response: { 200: roomListSchema } },
    config: { access: 'lodging:read' },
    handler: async () => ({ items: await listRooms(deps.db) }),
  });

  // Manager-only: which rooms are free reveals occupancy.
  r.get('/api/v1/room/freeroom/:roomtype', {
    schema: {
      tags: ['lodging'],
      summary: 'Free, enabled, unblocked rooms of a type',
      ...manager,
      params: freeRoomParamsSchema,
      response: { 200: roomListSchema },
    },
    config: { access: 'lodging:read' },
    handler: async (request) => ({ items: await listFreeRooms(deps.db, request.params.roomtype) }),
  });

  r.put('/api/v1/room/:number', {
    schema: {
      tags: ['lodging'],
      summary: 'Edit a room (type, venue code, capacity, blocked, enabled)',
      ...manager,
      params: roomNumberParamsSchema,
      body: roomUpdateSchema,
      response: { 200: roomSchema },
    },
    config: { access: 'lodging:write' },
    handler: async (request) => updateRoom(managerContext(deps, request), request.params.number, request.body),
  });

  r.post('/api/v1/room/cmd/import_csv', {
    schema: {
      tags: ['lodging'],
      summary: 'Import the venue room list (CSV: room, type, venue_code, capacity)',
      ...manager,
      body: roomImportSchema,
      response: { 200: roomImportResultSchema },
    },
    config: { access: 'lodging:write' },
    handler: async (request) => importRooms(managerContext(deps, request), request.body.csv),
  });
}
