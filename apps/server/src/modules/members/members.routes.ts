import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberCountSchema, memberImportQuerySchema, memberImportResultSchema } from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext } from '../../platform/service-context.js';
import { streamUpload } from '../../platform/uploads.js';
import { countMembers, importMembers } from './members.service.js';

/** A national list or FIDE's XML list runs to hundreds of MB; the global multipart limit is for photos. */
const IMPORT_FILE_LIMIT_BYTES = 400 * 1024 * 1024;

export async function membersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/members/import', {
    schema: {
      tags: ['members'],
      summary: 'Import the member registry (CSV with header, FIDE players list TXT or XML); upserts in batches',
      querystring: memberImportQuerySchema,
      response: { 200: memberImportResultSchema },
    },
    config: { access: 'members:write' },
    handler: async (request) => {
      const result = await streamUpload(request, { maxBytes: IMPORT_FILE_LIMIT_BYTES }, (stream) =>
        importMembers(managerContext(deps, request), request.query.format, stream),
      );
      request.log.info({ import: { ...result, rejections: result.rejections.length } }, 'members imported');
      return result;
    },
  });

  r.get('/api/v1/members/count', {
    schema: { tags: ['members'], summary: 'How many members the registry holds', response: { 200: memberCountSchema } },
    config: { access: 'members:write' },
    handler: async () => countMembers(deps.db),
  });
}
