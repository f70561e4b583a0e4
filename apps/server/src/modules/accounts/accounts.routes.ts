import type { FastifyInstance } from 'fastify';
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
import { apiRoutes, noContent } from '../../platform/routes.js';
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
  const api = apiRoutes(app, ['accounts']);
  const oidc = deps.config.oidc ? createOidcProvider(deps.config.oidc) : null;

  // Published facts only (provider name, issuer, public client id, its authorisation endpoint).
  api.get('/api/v1/accounts/anon/providers', 'public', 'Sign-in methods besides e-mail and password: the identity provider, when configured', {
    schema: { response: { 200: loginProvidersSchema } },
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

  // The answer is a bearer token, kept server-side only hashed: never stored for idempotent replays.
  // Signing in or out changes nothing public: no kept public answer is dropped.
  const signIn = { access: 'public', idempotency: false, invalidates: [], answersToken: true } as const;
  api.post('/api/v1/accounts/anon/login', signIn, 'Log in a manager (e-mail and password, or the identity provider’s id token); answers a bearer token', {
    schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
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

  const signOut = { access: 'authenticated', invalidates: [] } as const;
  api.post('/api/v1/accounts/logout', signOut, 'Revoke the calling session', {
    schema: { response: { 204: z.null() } },
    handler: async (request, reply) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      await logout(managerContext(deps, request), token);
      return noContent(reply);
    },
  });

  api.get('/api/v1/accounts/me', 'authenticated', 'The calling manager', {
    schema: { response: { 200: accountSchema } },
    handler: async (request) => {
      const row = await findAccountById(deps.db, principalOf(request).accountId);
      if (!row) throw notFound(ACCOUNTS_ERRORS.notFound);
      return toAccount(row);
    },
  });

  const managed = accountListSchema.element;

  api.get('/api/v1/accounts', 'accounts:admin', 'Every manager account', {
    schema: { response: { 200: accountListSchema } },
    handler: async () => listAccounts(deps.db),
  });

  api.post('/api/v1/accounts', 'accounts:admin', 'Create a manager account', {
    schema: { body: accountCreateSchema, response: { 201: managed } },
    handler: async (request, reply) => {
      const created = await deps.db.transaction(async (tx) =>
        createAccount({ ...managerContext(deps, request), db: tx }, { ...request.body, password: request.body.password ?? null }),
      );
      return reply.status(201).send(toAccountListItem(await getAccount(deps.db, created.id)));
    },
  });

  api.get('/api/v1/accounts/:id', 'accounts:admin', 'One manager account', {
    schema: { params: accountIdParamsSchema, response: { 200: managed } },
    handler: async (request) => toAccountListItem(await getAccount(deps.db, request.params.id)),
  });

  api.put('/api/v1/accounts/:id', 'accounts:admin', 'Change name, roles or enabled state; disabling revokes the sessions at once', {
    schema: { params: accountIdParamsSchema, body: accountUpdateSchema, response: { 200: managed } },
    handler: async (request) => updateManagerAccount(managerContext(deps, request), request.params.id, request.body),
  });

  api.put('/api/v1/accounts/:id/password', 'accounts:admin', 'Set a new password; the account’s other sessions end', {
    schema: { params: accountIdParamsSchema, body: passwordResetSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '');
      await resetAccountPassword(managerContext(deps, request), request.params.id, request.body.password, token);
      return noContent(reply);
    },
  });
}
