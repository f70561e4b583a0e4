import type { FastifyInstance } from 'fastify';
import {
  memberCountSchema,
  memberImportJobListSchema,
  memberImportJobParamsSchema,
  memberImportJobQuerySchema,
  memberImportJobSchema,
  memberImportQuerySchema,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { apiRoutes } from '../../platform/routes.js';
import { managerContext } from '../../platform/service-context.js';
import { streamUpload } from '../../platform/uploads.js';
import { getMemberImport, importFailures, listMemberImports, startMemberImport, stopMemberImports } from './member-imports.service.js';
import { countMembers } from './members.service.js';

/** A national list or FIDE's XML list runs to hundreds of MB; the global multipart limit is for photos. */
const IMPORT_FILE_LIMIT_BYTES = 400 * 1024 * 1024;

export async function membersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['members']);
  const onFailed = ({ job, code, reason }: { job: string; code: string; reason: string }) => app.log.error({ job, code, reason }, 'member import failed');
  importFailures.on('failed', onFailed);
  app.addHook('onClose', async () => {
    importFailures.off('failed', onFailed);
    await stopMemberImports();
  });

  api.post('/api/v1/members/import', 'members:write', {
    summary: 'Import the member registry (CSV with header, FIDE players list TXT or XML): stores the upload and answers the job, which upserts in batches',
    schema: { querystring: memberImportQuerySchema, response: { 202: memberImportJobSchema } },
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

  api.get('/api/v1/members/imports', 'members:write', 'The latest member imports, newest first', {
    schema: { response: { 200: memberImportJobListSchema } },
    handler: async () => listMemberImports(deps.db),
  });

  api.get('/api/v1/members/imports/:id', 'members:write', {
    summary: 'A member import: status, progress and, when done, its report (wait=N waits up to N seconds for it to end)',
    schema: { params: memberImportJobParamsSchema, querystring: memberImportJobQuerySchema, response: { 200: memberImportJobSchema } },
    handler: async (request) => getMemberImport(deps.db, request.params.id, request.query.wait),
  });

  api.get('/api/v1/members/count', 'members:write', 'How many members the registry holds', {
    schema: { response: { 200: memberCountSchema } },
    handler: async () => countMembers(deps.db),
  });
}
