import type { FastifyInstance } from 'fastify';
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
import { apiRoutes, sendAttachment, XLSX_TYPE } from '../../platform/routes.js';
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

export async function lodgingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['lodging']);

  api.post('/api/v1/stay/cmd/make_reservation', 'public', 'Request a room with meals for the championship (the public reservation wizard)', {
    schema: { body: makeReservationSchema, response: { 201: makeReservationResultSchema } },
    handler: async (request, reply) => reply.status(201).send(await makeReservation(systemContext(deps), request.body)),
  });

  api.get('/api/v1/stay/reservation', 'lodging:read', 'Reservations: search, filters, paging, totals', {
    description: LIST_CONVENTION_NOTE,
    schema: { querystring: reservationListQuerySchema, response: { 200: reservationListSchema } },
    handler: async (request) => listReservations(deps.db, request.query),
  });

  api.get('/api/v1/stay/reservation/:id', 'lodging:read', 'One reservation with guests, rooms, price and history', {
    schema: { params: reservationIdParamsSchema, response: { 200: reservationSchema } },
    handler: async (request) => getReservation(deps.db, request.params.id, readerLanguage(request)),
  });

  api.put('/api/v1/stay/reservation/:id', 'lodging:write', 'Edit a reservation (every field)', {
    schema: { params: reservationIdParamsSchema, body: updateReservationSchema, response: { 200: reservationSchema } },
    handler: async (request) => updateReservation(managerContext(deps, request), request.params.id, request.body, readerLanguage(request)),
  });

  api.post('/api/v1/stay/cmd/assignroom/:id/:roomnr', 'lodging:write', 'Assign a free room of the right type to a reservation', {
    schema: { params: assignRoomParamsSchema, response: { 200: reservationSchema } },
    handler: async (request) => assignRoom(managerContext(deps, request), request.params.id, request.params.roomnr, readerLanguage(request)),
  });

  api.delete('/api/v1/stay/cmd/assignroom/:id/:roomnr', 'lodging:write', 'Take a room back from a reservation', {
    schema: { params: assignRoomParamsSchema, response: { 200: reservationSchema } },
    handler: async (request) => unassignRoom(managerContext(deps, request), request.params.id, request.params.roomnr, readerLanguage(request)),
  });

  api.get('/api/v1/stay/cmd/xls_stay', 'lodging:read', 'Rooming list and kitchen list (xlsx: Reservations, Guests, Meals per day)', {
    handler: async (request, reply) => {
      const workbook = await exportStayWorkbook(deps.db, readerLanguage(request));
      return sendAttachment(reply, XLSX_TYPE, 'stay.xlsx', workbook);
    },
  });

  api.get('/api/v1/stay/figures', 'lodging:read', 'Lodging figures for the dashboard', {
    schema: { response: { 200: lodgingFiguresSchema } },
    handler: async () => lodgingFigures(deps.db),
  });

  api.get('/api/v1/room', 'lodging:read', 'The room inventory with occupancy', {
    schema: { response: { 200: roomListSchema } },
    handler: async () => ({ items: await listRooms(deps.db) }),
  });

  // Manager-only: which rooms are free reveals occupancy.
  api.get('/api/v1/room/freeroom/:roomtype', 'lodging:read', 'Free, enabled, unblocked rooms of a type', {
    schema: { params: freeRoomParamsSchema, response: { 200: roomListSchema } },
    handler: async (request) => ({ items: await listFreeRooms(deps.db, request.params.roomtype) }),
  });

  api.put('/api/v1/room/:number', 'lodging:write', 'Edit a room (type, venue code, capacity, blocked, enabled)', {
    schema: { params: roomNumberParamsSchema, body: roomUpdateSchema, response: { 200: roomSchema } },
    handler: async (request) => updateRoom(managerContext(deps, request), request.params.number, request.body),
  });

  api.post('/api/v1/room/cmd/import_csv', 'lodging:write', 'Import the venue room list (CSV: room, type, venue_code, capacity)', {
    schema: { body: roomImportSchema, response: { 200: roomImportResultSchema } },
    handler: async (request) => importRooms(managerContext(deps, request), request.body.csv),
  });
}
