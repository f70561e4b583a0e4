import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSIONS, type Permission, type RouteAccess } from '@bjk/domain';
import { forbidden, unauthenticated } from './errors.js';

/** Who is calling: a manager resolved from a bearer token. */
export type Principal = {
  accountId: string;
  email: string;
  displayName: string;
  permissions: ReadonlySet<Permission>;
};

/** Turns a bearer token into a principal, or null when it is unknown, expired or revoked. */
export type SessionResolver = (token: string, request: FastifyRequest) => Promise<Principal | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: 'public' (reviewed list), 'authenticated', or the permission it needs. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** Every route with the access it declares, for the route-walk test and the docs. */
    routeCatalogue: { method: string; url: string; access: RouteAccess }[];
  }
}

/** Routes registered by plugins we do not write (the OpenAPI browser): public documentation. */
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{16,512})$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Deny by default: a route without a declared access fails at start-up; a request to a non-public
 * route needs a valid token, and a token with the declared permission.
 */
export function registerAccessControl(app: FastifyInstance, resolveSession: SessionResolver): void {
  app.decorate('routeCatalogue', []);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    let access = route.config?.access;
    if (!access && PLUGIN_PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) {
      access = 'public';
      route.config = { ...route.config, access };
    }
    if (!access) {
      // Static files and the SPA fallback are not API routes; everything under /api must declare.
      if (!route.url.startsWith('/api')) return;
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access (config.access)`);
    }
    if (access !== 'public' && access !== 'authenticated' && !PERMISSIONS.includes(access)) {
      throw new Error(`Route ${route.url} declares an unknown permission ${access}`);
    }
    for (const method of methods) app.routeCatalogue.push({ method, url: route.url, access });
    // The OpenAPI document marks a route protected from its declared access, so no route has to repeat it.
    if (access !== 'public') {
      const what = access === 'authenticated' ? 'any manager' : `the permission ${access}`;
      route.schema = { ...route.schema, security: [{ bearer: [] }], description: [route.schema?.description, `Requires ${what}.`].filter(Boolean).join(' ') };
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const token = bearerToken(request);
    if (token) request.principal = await resolveSession(token, request);
    if (!access || access === 'public') return;
    if (!request.principal) throw unauthenticated();
    if (access !== 'authenticated' && !request.principal.permissions.has(access)) throw forbidden();
  });
}

/** The caller of a protected route (the guard already proved there is one). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}
