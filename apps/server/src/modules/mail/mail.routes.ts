import type { FastifyInstance } from 'fastify';
import {
  outboxEntrySchema,
  outboxIdParamsSchema,
  outboxMailSchema,
  outboxPageSchema,
  outboxQuerySchema,
  LIST_CHANGED_NOTE,
  LIST_CONVENTION_NOTE,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { apiRoutes } from '../../platform/routes.js';
import { managerContext } from '../../platform/service-context.js';
import { getOutboxMail, listOutbox, resendMail } from './mail.service.js';

export async function mailRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['mail']);

  api.get('/api/v1/mail/outbox', 'mail:read', 'The e-mail outbox, newest first', {
    description: `${LIST_CONVENTION_NOTE} ${LIST_CHANGED_NOTE}`,
    schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } },
    handler: async (request) => listOutbox(deps.db, request.query),
  });

  api.get('/api/v1/mail/outbox/:id', 'mail:read', 'One mail with its rendered HTML and text', {
    schema: { params: outboxIdParamsSchema, response: { 200: outboxMailSchema } },
    handler: async (request) => getOutboxMail(deps.db, request.params.id),
  });

  api.post('/api/v1/mail/outbox/:id/resend', 'mail:write', 'Queue a mail again for immediate delivery', {
    schema: { params: outboxIdParamsSchema, response: { 200: outboxEntrySchema } },
    handler: async (request) => resendMail(managerContext(deps, request), request.params.id),
  });
}
