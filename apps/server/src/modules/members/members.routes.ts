import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  memberCountSchema,
  memberImportJobListSchema,
  memberImportJobParamsSchema,
  memberImportJobQuerySchema,
  memberImportJobSchema,
  memberImportQuerySchema,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext } from '../../platform/service-context.js';
import { streamUpload } from '../../platform/uploads.js';
import { getMemberImport, importFailures, listMemberImports, startMemberImport, stopMemberImports } from './member-imports.service.js';
import { countMembers } from './members.service.js';

/** A national list or FIDE's XML list runs to hundreds of MB; the global multipart limit is for photos. */
const IMPORT_FILE_LIMIT_BYTES = 400 * 1024 * 1024;

export async function membersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onFailed = ({ job, code, reason }: { job: string; code: string; reason: string }) => app.log.error({ job, code, reason }, 'member import failed');
  importFailures.on('failed', onFailed);
  app.addHook('onClose', async () => {
    importFailures.off('failed', onFailed);
    await stopMemberImports();
  });

  r.post('/api/v1/members/import', {
    schema: {
      tags: ['members'],
      summary: 'Import the member registry (CSV with header, FIDE players list TXT or XML): stores the upload and answers the job, which upserts in batches',
      querystring: memberImportQuerySchema,
      response: { 202: memberImportJobSchema },
    },
    config: { access: 'members:write' },
    handler: async (request, reply) => {
      const { job, finished } = await startMemberImport(managerContext(deps, request), request.query.format, (store) =>
        streamUpload(request, { maxBytes: IMPORT_FILE_LIMIT_BYTES }, store),
      );
      finished.then(
        (done) => request.log.info({ import: { ...done, result: undefined } }, 'members imported'),
        (error: unknown) => request.log.error({ err: error, job: job.id }, 'member import failed'),
      );
      return reply.status(202).send(job);
    },
  });

  r.get('/api/v1/members/imports', {
    schema: { tags: ['members'], summary: 'The latest member imports, newest first', response: { 200: memberImportJobListSchema } },
    config: { access: 'members:write' },
    handler: async () => listMemberImports(deps.db),
  });

  r.get('/api/v1/members/imports/:id', {
    schema: {
      tags: ['members'],
      summary: 'A member import: status, progress and, when done, its report (wait=N waits up to N seconds for it to end)',
      params: memberImportJobParamsSchema,
      querystring: memberImportJobQuerySchema,
      response: { 200: memberImportJobSchema },
    },
    config: { access: 'members:write' },
    handler: async (request) => getMemberImport(deps.db, request.params.id, request.query.wait),
  });

  r.get('/api/v1/members/count', {
    schema: { tags: ['members'], summary: 'How many members the registry holds', response: { 200: memberCountSchema } },
    config: { access: 'members:write' },
    handler: async () => countMembers(deps.db),
  });
}
