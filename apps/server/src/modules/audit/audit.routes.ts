import type { FastifyInstance } from 'fastify';
import { auditPageSchema, auditQuerySchema, LIST_CONVENTION_NOTE } from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { apiRoutes } from '../../platform/routes.js';
import { listAuditEntries } from './audit.service.js';

export async function auditRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['audit']);

  api.get('/api/v1/audit', 'audit:read', 'The audit trail, newest first: one record’s history or filtered by actor, area and days', {
    description: LIST_CONVENTION_NOTE,
    schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    handler: async (request) => listAuditEntries(deps.db, request.query),
  });
}
