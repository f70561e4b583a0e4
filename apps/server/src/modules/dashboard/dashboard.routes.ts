import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext } from '../../platform/service-context.js';
import { getDashboard } from './dashboard.service.js';

export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/dashboard', {
    schema: {
      tags: ['dashboard'],
      summary: 'Figures of every area the calling manager may read',
      security: [{ bearer: [] }],
      response: { 200: dashboardSchema },
    },
    config: { access: 'authenticated' },
    handler: async (request) => getDashboard(managerContext(deps, request)),
  });
}
