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

/** A family signed in by a mailed link (modules/family): its e-mail address and when its session ends. */
export type FamilyPrincipal = { email: string; expiresAt: Date };

/** Turns a request's family session (its cookie) into the family, or null; the family module provides it. */
export type FamilySessionResolver = (request: FastifyRequest) => Promise<FamilyPrincipal | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: 'public' (reviewed list), 'authenticated', or the permission it needs. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The signed-in family on routes with access `family` (never set from a manager's token). */
    family: FamilyPrincipal | null;
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
export function registerAccessControl(app: FastifyInstance, resolveSession: SessionResolver, resolveFamily?: FamilySessionResolver): void {
  app.decorate('routeCatalogue', []);
  app.decorateRequest('principal', null);
  app.decorateRequest('family', null);

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
    if (access !== 'public' && access !== 'authenticated' && access !== 'family' && !PERMISSIONS.includes(access)) {
      throw new Error(`Route ${route.url} declares an unknown permission ${access}`);
    }
    for (const method of methods) app.routeCatalogue.push({ method, url: route.url, access });
    // The OpenAPI document marks a route protected from its declared access, so no route has to repeat it.
    if (access === 'family') {
      route.schema = {
        ...route.schema,
        security: [{ familySession: [] }],
        description: [route.schema?.description, "Requires a family's session (the cookie set by signing in with a mailed link)."].filter(Boolean).join(' '),
      };
    } else if (access !== 'public') {
      const what = access === 'authenticated' ? 'any manager' : `the permission ${access}`;
      route.schema = { ...route.schema, security: [{ bearer: [] }], description: [route.schema?.description, `Requires ${what}.`].filter(Boolean).join(' ') };
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === 'family') {
      // A family's routes answer only a family's session: a manager's token opens nothing there.
      request.family = resolveFamily ? await resolveFamily(request) : null;
      if (!request.family) throw unauthenticated();
      return;
    }
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

/** The family of a family route (the guard already proved there is one). */
export function familyOf(request: FastifyRequest): FamilyPrincipal {
  if (!request.family) throw unauthenticated();
  return request.family;
}
