import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema, LIST_CONVENTION_NOTE } from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { listAuditEntries } from './audit.service.js';

export async function auditRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/audit', {
    schema: {
      tags: ['audit'],
      summary: 'The audit trail, newest first: one record’s history or filtered by actor, area and days',
      description: LIST_CONVENTION_NOTE,
      security: [{ bearer: [] }],
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    },
    config: { access: 'audit:read' },
    handler: async (request) => listAuditEntries(deps.db, request.query),
  });
}
