import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { editionSettingsUpdateSchema, publicEditionSchema } from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext } from '../../platform/service-context.js';
import { getCurrentEdition, saveEditionSettings, toPublicEdition } from './edition.service.js';

export async function editionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The specification's "common stay info": the public edition settings the site and wizards need.
  r.get('/api/v1/stay/common', {
    schema: { tags: ['edition'], summary: 'Public settings of the current edition', response: { 200: publicEditionSchema } },
    config: { access: 'public', publicCache: { topic: 'edition' } },
    handler: async () => toPublicEdition(await getCurrentEdition(deps.db)),
  });

  r.put('/api/v1/edition/settings', {
    schema: {
      tags: ['edition'],
      summary: 'Save the current edition’s settings (dates, fees, prices, bank, contact); audited',
      security: [{ bearer: [] }],
      body: editionSettingsUpdateSchema,
      response: { 200: publicEditionSchema },
    },
    config: { access: 'edition:write', invalidates: ['edition'] },
    handler: async (request) => saveEditionSettings(managerContext(deps, request), request.body),
  });
}
