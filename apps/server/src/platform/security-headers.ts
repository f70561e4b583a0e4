import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries a secret for the caller (the login's bearer token): sent with `Cache-Control: no-store`. */
    answersToken?: true;
  }
}

/** The security headers of an answer over plain HTTP and over HTTPS (which adds HSTS). */
export type SecurityHeaders = { readonly http: Readonly<Record<string, string>>; readonly https: Readonly<Record<string, string>> };

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies …). They do not depend on the request, so
 * they are computed once at start: @fastify/helmet builds a new helmet middleware, re-parsing the CSP
 * directives, on every request (~60 µs, a fifth of a public lookup).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
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
  // HSTS means something only over HTTPS (RFC 6797 §7.2: not sent over plain HTTP); behind a load balancer the
  // protocol comes from X-Forwarded-Proto when TRUST_PROXY is set.
  const { 'strict-transport-security': _hsts, ...http } = headers;
  return { http, https: headers };
}

/**
 * The security headers on every response (kept public answers carry them from their own pre-joined header list,
 * see public-cache.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? headers.https : headers.http);
    done();
  });
  // An answer to an authenticated caller (managers' data) or one carrying a token is never kept by a browser or a
  // shared cache; routes that choose their own caching say so with their own Cache-Control.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && (request.headers.authorization || request.routeOptions.config?.answersToken)) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
