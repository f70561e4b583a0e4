import type { FastifyInstance } from 'fastify';
import {
  deskDeparturesSchema,
  deskEventBatchResultSchema,
  deskEventBatchSchema,
  deskEventsPageSchema,
  deskEventsQuerySchema,
  deskRosterSchema,
  deskSessionSchema,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { apiRoutes, sendTopicEvents } from '../../platform/routes.js';
import type { EventStreams } from '../../platform/event-streams.js';
import { unauthenticated } from '../../platform/errors.js';
import { managerContext, systemContext } from '../../platform/service-context.js';
import { getDeskRoster, keepDeskSession, listDepartures, listDeskEventsSince, recordDeskEvents } from './desk.service.js';

/** The change bus topic of the desks' scans; its payload is the newest scan's `seq`. */
export const DESK_TOPIC = 'desk';

export async function deskRoutes(app: FastifyInstance, deps: AppDeps, streams: EventStreams): Promise<void> {
  const api = apiRoutes(app, ['desk']);
  const { db, bus } = deps;
  // Scans change no public answer.
  const scan = { access: 'desk:scan', invalidates: [] } as const;

  /**
   * Every instance's open desks read what came after their cursor when told the newest seq. Not awaited: the
   * scanning phone has its answer, and the others read after their own cursor whenever the message reaches them
   * (publish never throws). While one message goes round, scans recorded meanwhile are announced once after it,
   * with the newest seq: a burst of scans costs the database a few messages, not one per scan.
   */
  let announcing = false;
  let announced = 0;
  let newest = 0;
  const announceLast = (last: number) => {
    newest = Math.max(newest, last);
    if (announcing) return;
    announcing = true;
    void (async () => {
      try {
        while (newest > announced) {
          announced = newest;
          await bus.publish(DESK_TOPIC, String(announced));
        }
      } finally {
        // Whatever happened to one message, the next scan is announced again.
        announcing = false;
      }
    })().catch((error: unknown) => app.log.error({ err: error }, 'desk: a scan could not be announced'));
  };

  api.get('/api/v1/desk/roster', 'desk:scan', {
    summary: "The day's roster for a desk's phone: everyone with a badge (thumbnail, category, payment, stay, meals) and the scans it needs",
    schema: { response: { 200: deskRosterSchema } },
    handler: async () => getDeskRoster(systemContext(deps)),
  });

  api.post('/api/v1/desk/events', scan, {
    summary: 'Records scans made on a phone (each id once, however often sent) and answers them judged: counted, or a repeat of an earlier scan',
    schema: { body: deskEventBatchSchema, response: { 200: deskEventBatchResultSchema } },
    handler: async (request) => {
      const result = await recordDeskEvents(managerContext(deps, request), request.body);
      if (result.events.length > 0) announceLast(result.last);
      return result;
    },
  });

  api.get('/api/v1/desk/events', 'desk:scan', 'Scans recorded after a cursor (`after`: the last `seq` the phone has), oldest first, at most 1000', {
    schema: { querystring: deskEventsQuerySchema, response: { 200: deskEventsPageSchema } },
    handler: async (request) => listDeskEventsSince(db, request.query.after),
  });

  api.get('/api/v1/desk/departures', 'desk:read', 'Who left early (counted departure scans), newest first', {
    schema: { response: { 200: deskDeparturesSchema } },
    handler: async () => listDepartures(db),
  });

  api.post('/api/v1/desk/session', scan, "Makes the caller's sign-in last until the end of the desk's day (it may work offline for hours)", {
    schema: { response: { 200: deskSessionSchema } },
    handler: async (request) => {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw unauthenticated();
      return keepDeskSession(managerContext(deps, request), token);
    },
  });

  api.get('/api/v1/desk/stream', 'desk:read', {
    summary: "Server-sent events: a message (the newest scan's seq) whenever a desk records scans; read /api/v1/desk/events after your cursor then",
    handler: async (request, reply) => sendTopicEvents(request, reply, { streams, bus, topic: DESK_TOPIC }, { cacheControl: 'no-store, no-transform' }),
  });
}
