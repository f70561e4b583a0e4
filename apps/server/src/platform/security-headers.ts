import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies …) on every response. They do not depend
 * on the request, so they are computed once at start and set from a list: @fastify/helmet builds a new
 * helmet middleware, re-parsing the CSP directives, on every request (~60 µs, a fifth of a public lookup).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  if (!headers['content-security-policy']) throw new Error('helmet produced no Content-Security-Policy');
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
