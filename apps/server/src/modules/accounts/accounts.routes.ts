import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSchema, loginRequestSchema, loginResponseSchema } from '@bjk/domain';
import type { AppDeps } from '../../app.js';
import { principalOf } from '../../platform/access.js';
import { AppError, notFound } from '../../platform/errors.js';
import { findAccountById } from './accounts.repository.js';
import { loginWithPassword, logout, toAccount } from './accounts.service.js';

export async function accountsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/accounts/anon/login', {
    schema: {
      tags: ['accounts'],
      summary: 'Log in a manager; answers a bearer token',
      body: loginRequestSchema,
      response: { 200: loginResponseSchema },
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      try {
        return await loginWithPassword(deps.db, deps.clock, request.body.username, request.body.password, request.ip);
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
    config: { access: 'authenticated' },
    handler: async (request, reply) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      await logout(deps.db, deps.clock, token);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/v1/accounts/me', {
    schema: { tags: ['accounts'], summary: 'The calling manager', security: [{ bearer: [] }], response: { 200: accountSchema } },
    config: { access: 'authenticated' },
    handler: async (request) => {
      const row = await findAccountById(deps.db, principalOf(request).accountId);
      if (!row) throw notFound('accounts.not_found');
      return toAccount(row);
    },
  });
}
