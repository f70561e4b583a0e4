import type { Readable } from 'node:stream';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAccess } from '@bjk/domain';
import type { ChangeBus } from './change-bus.js';
import type { EventStreams } from './event-streams.js';

/** A route's handler: its request (params, query, body) and its answer typed from the route's schemas. */
export type ApiHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** What a route declares besides its method, address, access and summary: its schemas and its handler. */
export type ApiRoute<S extends FastifySchema> = {
  description?: string;
  /** `params`, `querystring`, `body`, `response`. */
  schema?: S;
  bodyLimit?: number;
  handler: ApiHandler<S>;
};

type Access = RouteAccess | FastifyContextConfig;

/** Declares a route: its summary on the declaration line, or (too long for that line) first in the route. */
type Declare = {
  <const S extends FastifySchema = FastifySchema>(url: string, access: Access, summary: string, route: ApiRoute<S>): void;
  <const S extends FastifySchema = FastifySchema>(url: string, access: Access, route: ApiRoute<S> & { summary: string }): void;
};

/**
 * The route declarations of a module: `api.get(url, access, summary, { schema, handler })` registers the route with
 * the module's OpenAPI tags. `access` is the permission (`'lodging:read'`, `'public'`…) or the whole route config
 * (`{ access, invalidates, publicCache… }`); a protected route's bearer `security` comes from its access (`access.ts`).
 */
export function apiRoutes(app: FastifyInstance, tags: readonly string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const declare = (method: HTTPMethods): Declare =>
    function declareRoute(url: string, access: Access, ...args: [string, ApiRoute<FastifySchema>] | [ApiRoute<FastifySchema> & { summary: string }]) {
      const { summary, description, schema, ...options } = args.length === 2 ? { ...args[1], summary: args[0] } : args[0];
      const documented = { tags, summary, ...(description === undefined ? {} : { description }), ...schema };
      const config = typeof access === 'string' ? { access } : access;
      r.route({ method, url, config, schema: documented, ...options });
    };
  return { get: declare('GET'), post: declare('POST'), put: declare('PUT'), delete: declare('DELETE') };
}

/** The size of a photo as stored (after scaling down). */
export const photoSizeSchema = z.object({ width: z.number().int(), height: z.number().int() });

/** The answer of a conditional GET whose ETag still matches. */
export const notModifiedSchema = z.null().describe('Not modified (If-None-Match)');

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const PDF_TYPE = 'application/pdf';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers a file to save under `fileName` (CSV, PDF, workbook…). */
export function sendAttachment(reply: FastifyReply, type: string, fileName: string, body: string | Buffer | Readable) {
  return reply.type(type).header('content-disposition', `attachment; filename="${fileName}"`).send(body);
}

/** Answers bytes no cache may keep (a photo, a QR code, a preview): `private, no-store` unless told otherwise. */
export function sendUnstored(reply: FastifyReply, type: string, body: Buffer, cacheControl = 'private, no-store') {
  return reply.type(type).header('cache-control', cacheControl).send(body);
}

/** Answers 204 with no body, after the route's work is done. */
export function noContent(reply: FastifyReply) {
  return reply.status(204).send(null);
}

/** Server-sent events of a change-bus topic: every payload published on it is sent as a message until the connection ends. */
export function sendTopicEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  { streams, bus, topic }: { streams: EventStreams; bus: ChangeBus; topic: string },
  options?: Parameters<EventStreams['open']>[2],
) {
  const stream = streams.open(request, reply, options);
  stream.onClose(bus.subscribe(topic, (payload) => stream.write(`data: ${payload}\n\n`)));
}
