import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PLATFORM_ERRORS, type ErrorBody, type ErrorCode, type FieldIssue } from '@bjk/domain';
import { WorkerPoolBusyError, WorkerTaskError } from './worker-pool.js';

/**
 * An error with a code the web translates. Services throw these; the one error handler answers them.
 * `status` is the HTTP status; `details` holds field issues or facts the message needs.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode, message = 'Not found', details?: unknown) => new AppError(404, code, message, details);
export const conflict = (code: ErrorCode, message: string, details?: unknown) => new AppError(409, code, message, details);
export const badRequest = (code: ErrorCode, message: string, details?: unknown) => new AppError(400, code, message, details);
export const forbidden = (code: ErrorCode = PLATFORM_ERRORS.forbidden, message = 'Permission denied') => new AppError(403, code, message);
export const unauthenticated = (code: ErrorCode = PLATFORM_ERRORS.unauthenticated, message = 'Authentication required', details?: unknown) =>
  new AppError(401, code, message, details);

/** A validation failure with field paths, shaped like the route validator's. */
export function validationError(issues: FieldIssue[]): AppError {
  return new AppError(400, PLATFORM_ERRORS.validation, 'One of the required fields is invalid', { issues });
}

/** Network and server-side codes meaning "the database is not there", from pg and node. */
const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (DB_UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * The client went away before its request's body arrived (a phone losing the venue's Wi-Fi mid-upload, a closed tab):
 * node ends the body with `aborted` and the code ECONNRESET, which a lost database connection also carries. Told apart
 * by the request itself: its body never arrived complete. The client's doing, not the server's: nothing to alarm anyone.
 */
export function isClientAbort(error: unknown, request: FastifyRequest): boolean {
  return (error as { code?: unknown }).code === 'ECONNRESET' && !request.raw.complete && (request.raw.destroyed || request.raw.socket?.destroyed === true);
}

function body(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { code, message } : { code, message, details };
}

/**
 * Fastify's own refusals before routing (a malformed or over-long path, FST_ERR_BAD_URL and
 * FST_ERR_MAX_PARAM_LENGTH): the `frameworkErrors` option of Fastify, answered in the coded format,
 * without echoing the path.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(body(PLATFORM_ERRORS.payloadTooLarge, 'The address is too long'));
    return;
  }
  void reply.status(400).send(body(PLATFORM_ERRORS.validation, 'The address is malformed'));
}

/**
 * What node's HTTP parser refuses before Fastify sees a request (headers over the size limit: 431, a
 * malformed request line: 400, a request not sent in time: 408): the `clientErrorHandler` option of
 * Fastify, answered in the coded format (Fastify's default answers its own shape).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, answer] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', body(PLATFORM_ERRORS.payloadTooLarge, 'The request headers are too large')]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', body(PLATFORM_ERRORS.requestTimeout, 'The request was not sent in time')]
        : [400, 'Bad Request', body(PLATFORM_ERRORS.validation, 'The request could not be read')];
  const json = JSON.stringify(answer);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/** Registers the single error handler and the JSON 404 for unknown API paths. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.'),
        code: String(issue.keyword),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(400).send(body(PLATFORM_ERRORS.validation, 'One of the required fields is invalid', { issues }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send(body(PLATFORM_ERRORS.internal, 'General server error'));
    }
    if (isClientAbort(error, request)) {
      // Below warning: whoever watches the log for errors is not woken for a closed tab. Nobody reads the answer.
      request.log.info({ err: error }, 'client closed the connection before its request was read');
      return reply.status(400).send(body(PLATFORM_ERRORS.validation, 'The request was not sent to the end'));
    }
    if (error instanceof WorkerPoolBusyError) {
      request.log.warn({ err: error }, 'worker threads busy');
      return reply.status(503).header('retry-after', '30').send(body(PLATFORM_ERRORS.busy, 'The server is busy with heavy work, retry in a moment'));
    }
    if (error instanceof WorkerTaskError) {
      request.log.error({ err: error }, 'worker thread failed');
      return reply.status(500).send(body(PLATFORM_ERRORS.workerFailed, 'The heavy work of this request failed'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send(body(PLATFORM_ERRORS.dbUnavailable, 'Could not connect to database server'));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const fastifyCode = (error as FastifyError).code;
    if (status === 413 || fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyCode === 'FST_REQ_FILE_TOO_LARGE') {
      // The body's limit is named (a relay's software can split its push): the route's own, else the server's.
      const maxBytes = fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE' ? request.routeOptions.bodyLimit : undefined;
      return reply.status(413).send(body(PLATFORM_ERRORS.payloadTooLarge, 'The request is too large', maxBytes ? { maxBytes } : undefined));
    }
    if (status === 429) {
      return reply.status(429).send(body(PLATFORM_ERRORS.rateLimited, 'Too many requests, retry later'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): a validation failure of the request.
      if (status === 404) return reply.status(404).send(body(PLATFORM_ERRORS.notFound, error.message));
      return reply.status(status === 415 ? 415 : 400).send(body(PLATFORM_ERRORS.validation, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(PLATFORM_ERRORS.internal, 'General server error'));
  });
}
