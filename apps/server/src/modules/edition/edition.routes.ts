import type { FastifyInstance } from 'fastify';
import { editionSettingsUpdateSchema, publicEditionSchema } from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { apiRoutes } from '../../platform/routes.js';
import { managerContext } from '../../platform/service-context.js';
import { getCurrentEdition, saveEditionSettings, toPublicEdition } from './edition.service.js';

export async function editionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['edition']);
  // The specification's "common stay info": the public edition settings the site and wizards need.
  const published = { access: 'public', publicCache: { topic: 'edition' } } as const;
  const write = { access: 'edition:write', invalidates: ['edition'] } as const;

  api.get('/api/v1/stay/common', published, 'Public settings of the current edition', {
    schema: { response: { 200: publicEditionSchema } },
    handler: async () => toPublicEdition(await getCurrentEdition(deps.db)),
  });

  api.put('/api/v1/edition/settings', write, 'Save the current edition’s settings (dates, fees, prices, bank, contact); audited', {
    schema: { body: editionSettingsUpdateSchema, response: { 200: publicEditionSchema } },
    handler: async (request) => saveEditionSettings(managerContext(deps, request), request.body),
  });
}
