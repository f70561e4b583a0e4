import type { FastifyInstance } from 'fastify';
import { dashboardSchema } from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { apiRoutes } from '../../platform/routes.js';
import { managerContext } from '../../platform/service-context.js';
import { getDashboard } from './dashboard.service.js';

export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['dashboard']);

  api.get('/api/v1/dashboard', 'authenticated', 'Figures of every area the calling manager may read', {
    schema: { response: { 200: dashboardSchema } },
    handler: async (request) => getDashboard(managerContext(deps, request)),
  });
}
