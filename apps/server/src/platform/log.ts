import { randomBytes } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * What the server's log lines may carry: no personal data. Requests are logged by method and route
 * pattern (`/api/v1/payment/public/:token`), never the raw address (query strings hold searched names,
 * paths hold tokens) nor the client's IP address; errors are logged by type, code, message and stack
 * with the values a client sent stripped out — drizzle puts a failed query's parameters (a contact's
 * e-mail, address, guests' birth dates) into its error message, PostgreSQL quotes the offending value.
 */

const EMAIL = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[A-Za-z]{2,}/g;

/** A text with the values of a failed query, quoted input values and e-mail addresses taken out. */
export function redactPersonalData(text: string): string {
  return (
    text
      // drizzle: "Failed query: <sql>\nparams: <values>" — the values run to the stack trace, if any.
      .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, '\nparams: [redacted]')
      // PostgreSQL: `invalid input syntax for type integer: "…"`, `value "…" is out of range`, Key (x)=(…)
      .replace(/(:\s*|value\s+)"[^"]*"/g, '$1"[redacted]"')
      .replace(/=\([^)]*\)/g, '=([redacted])')
      .replace(EMAIL, '[e-mail]')
  );
}

type SerializedError = { type: string; code?: string; message: string; stack: string; cause?: SerializedError };

/** The `err` serializer of every log line: only type, code, redacted message and stack, and the cause chain. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactPersonalData(String(error)).slice(0, 500), stack: '' };
  const code = (error as { code?: unknown }).code;
  const serialized: SerializedError = {
    type: error.name,
    message: redactPersonalData(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    stack: redactPersonalData(error.stack ?? ''),
  };
  if (error.cause !== undefined && depth < 4) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** The `req` serializer: method and route pattern only. */
export function serializeRequest(request: FastifyRequest): { method: string; route: string } {
  return { method: request.method, route: request.routeOptions?.url ?? '(no route)' };
}

export const logSerializers = { err: (error: Error) => serializeError(error), req: serializeRequest };

/**
 * Marks a request the server makes to itself (`app.inject`) to build a page: a header with a token made at start,
 * which no client can know, so a client cannot silence its own requests' lines.
 */
const INTERNAL_READ_HEADER = 'x-bjk-internal-read';
const INTERNAL_READ_TOKEN = randomBytes(16).toString('hex');
export const internalReadHeaders: Readonly<Record<string, string>> = { [INTERNAL_READ_HEADER]: INTERNAL_READ_TOKEN };

/**
 * One log line per request, when it is answered ('request completed' with method, route, status and time):
 * Fastify's own controller also writes an 'incoming request' line first, which doubled the log's cost on every
 * public read and said nothing the completed line does not.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // The server's own reads for a page's HTML (platform/page-data.ts) are part of that page's one line; one that
    // fails is still written.
    if (!error && request.headers[INTERNAL_READ_HEADER] === INTERNAL_READ_TOKEN) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
