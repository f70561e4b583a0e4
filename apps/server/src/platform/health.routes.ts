import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@bjk/domain';
import type { Database } from './db.js';

export async function healthRoutes(app: FastifyInstance, database: Database): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    schema: { tags: ['platform'], summary: 'Liveness and database reachability', response: { 200: healthSchema } },
    config: { access: 'public' },
    handler: async () => {
      await database.ping();
      return { status: 'ok' as const, db: 'postgres' as const };
    },
  });
}
