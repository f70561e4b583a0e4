import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { managerContext } from '../../platform/service-context.js';
import { getOutboxMail, listOutbox, resendMail } from './mail.service.js';

export async function mailRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/mail/outbox', {
    schema: {
      tags: ['mail'],
      summary: 'The e-mail outbox, newest first',
      description: `${LIST_CONVENTION_NOTE} ${LIST_CHANGED_NOTE}`,
      querystring: outboxQuerySchema,
      response: { 200: outboxPageSchema },
    },
    config: { access: 'mail:read' },
    handler: async (request) => listOutbox(deps.db, request.query),
  });

  r.get('/api/v1/mail/outbox/:id', {
    schema: { tags: ['mail'], summary: 'One mail with its rendered HTML and text', params: outboxIdParamsSchema, response: { 200: outboxMailSchema } },
    config: { access: 'mail:read' },
    handler: async (request) => getOutboxMail(deps.db, request.params.id),
  });

  r.post('/api/v1/mail/outbox/:id/resend', {
    schema: { tags: ['mail'], summary: 'Queue a mail again for immediate delivery', params: outboxIdParamsSchema, response: { 200: outboxEntrySchema } },
    config: { access: 'mail:write' },
    handler: async (request) => resendMail(managerContext(deps, request), request.params.id),
  });
}
