import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountCreateSchema,
  accountIdParamsSchema,
  accountListSchema,
  accountSchema,
  accountUpdateSchema,
  loginProvidersSchema,
  loginRequestSchema,
  loginResponseSchema,
  passwordResetSchema,
  ACCOUNTS_ERRORS,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext, systemContext } from '../../platform/service-context.js';
import { principalOf } from '../../platform/access.js';
import { AppError, notFound } from '../../platform/errors.js';
import { findAccountById } from './accounts.repository.js';
import {
  createAccount,
  getAccount,
  KNOWN_BROWSER_COOKIE,
  knownBrowserCookieValue,
  knownBrowserTokens,
  listAccounts,
  LOGIN_THROTTLE,
  loginWithIdToken,
  loginWithPassword,
  logout,
  oidcUnavailable,
  resetAccountPassword,
  toAccount,
  toAccountListItem,
  updateManagerAccount,
} from './accounts.service.js';
import { createOidcProvider, OidcUnavailable } from './oidc.js';

export async function accountsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const oidc = deps.config.oidc ? createOidcProvider(deps.config.oidc) : null;

  r.get('/api/v1/accounts/anon/providers', {
    schema: {
      tags: ['accounts'],
      summary: 'Sign-in methods besides e-mail and password: the identity provider, when configured',
      response: { 200: loginProvidersSchema },
    },
    // Published facts only (provider name, issuer, public client id, its authorisation endpoint).
    config: { access: 'public' },
    handler: async (request) => {
      if (!oidc) return { oidc: null };
      try {
        const { authorizationEndpoint } = await oidc.discover();
        const { name, issuer, clientId } = oidc.config;
        return { oidc: { name, issuer, clientId, authorizationEndpoint } };
      } catch (error) {
        if (!(error instanceof OidcUnavailable)) throw error;
        request.log.warn({ reason: error.message }, 'identity provider unreachable');
        throw oidcUnavailable();
      }
    },
  });

  r.post('/api/v1/accounts/anon/login', {
    schema: {
      tags: ['accounts'],
      summary: 'Log in a manager (e-mail and password, or the identity provider’s id token); answers a bearer token',
      body: loginRequestSchema,
      response: { 200: loginResponseSchema },
    },
    // The answer is a bearer token, kept server-side only hashed: never stored for idempotent replays.
    // Signing in or out changes nothing public: no kept public answer is dropped.
    config: { access: 'public', idempotency: false, invalidates: [], answersToken: true },
    handler: async (request, reply) => {
      const body = request.body;
      try {
        if (body.logintype === 'oidc') return await loginWithIdToken(systemContext(deps), oidc, body, request.ip, request.log);
        const tokens = knownBrowserTokens(request.headers.cookie);
        const { session, knownBrowserToken } = await loginWithPassword(systemContext(deps), body.username, body.password, {
          address: request.ip,
          knownBrowserTokens: tokens,
        });
        if (knownBrowserToken) {
          // Read only by the login call (its path), never by scripts (HttpOnly), never sent from another site.
          const secure = request.protocol === 'https' ? '; Secure' : '';
          const maxAge = Math.floor(LOGIN_THROTTLE.knownBrowserMaxAgeMs / 1000);
          reply.header(
            'set-cookie',
            `${KNOWN_BROWSER_COOKIE}=${knownBrowserCookieValue(tokens, knownBrowserToken)}; Path=/api/v1/accounts/anon/login; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`,
          );
        }
        return session;
      } catch (error) {
        if (error instanceof AppError && error.status === 429) {
          reply.header('retry-after', String((error.details as { retryAfterSeconds: number }).retryAfterSeconds));
        }
        throw error;
      }
    },
  });

  r.post('/api/v1/accounts/logout', {
    schema: { tags: ['accounts'], summary: 'Revoke the calling session', security: [{ bearer: [] }], response: { 204: z.null() } },
    config: { access: 'authenticated', invalidates: [] },
    handler: async (request, reply) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      await logout(managerContext(deps, request), token);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/v1/accounts/me', {
    schema: { tags: ['accounts'], summary: 'The calling manager', security: [{ bearer: [] }], response: { 200: accountSchema } },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const row = await findAccountById(deps.db, principalOf(request).accountId);
      if (!row) throw notFound(ACCOUNTS_ERRORS.notFound);
      return toAccount(row);
    },
  });

  const managed = accountListSchema.element;
  const admin = { tags: ['accounts'], security: [{ bearer: [] }] };

  r.get('/api/v1/accounts', {
    schema: { ...admin, summary: 'Every manager account', response: { 200: accountListSchema } },
    config: { access: 'accounts:admin' },
    handler: async () => listAccounts(deps.db),
  });

  r.post('/api/v1/accounts', {
    schema: { ...admin, summary: 'Create a manager account', body: accountCreateSchema, response: { 201: managed } },
    config: { access: 'accounts:admin' },
    handler: async (request, reply) => {
      const created = await deps.db.transaction(async (tx) =>
        createAccount({ ...managerContext(deps, request), db: tx }, { ...request.body, password: request.body.password ?? null }),
      );
      return reply.status(201).send(toAccountListItem(await getAccount(deps.db, created.id)));
    },
  });

  r.get('/api/v1/accounts/:id', {
    schema: { ...admin, summary: 'One manager account', params: accountIdParamsSchema, response: { 200: managed } },
    config: { access: 'accounts:admin' },
    handler: async (request) => toAccountListItem(await getAccount(deps.db, request.params.id)),
  });

  r.put('/api/v1/accounts/:id', {
    schema: {
      ...admin,
      summary: 'Change name, roles or enabled state; disabling revokes the sessions at once',
      params: accountIdParamsSchema,
      body: accountUpdateSchema,
      response: { 200: managed },
    },
    config: { access: 'accounts:admin' },
    handler: async (request) => updateManagerAccount(managerContext(deps, request), request.params.id, request.body),
  });

  r.put('/api/v1/accounts/:id/password', {
    schema: {
      ...admin,
      summary: 'Set a new password; the account’s other sessions end',
      params: accountIdParamsSchema,
      body: passwordResetSchema,
      response: { 204: z.null() },
    },
    config: { access: 'accounts:admin' },
    handler: async (request, reply) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '');
      await resetAccountPassword(managerContext(deps, request), request.params.id, request.body.password, token);
      return reply.status(204).send(null);
    },
  });
}
