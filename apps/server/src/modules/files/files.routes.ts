import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LANGUAGES,
  fileAddressQuerySchema,
  fileGroupSchema,
  fileGroupUpdateSchema,
  fileGroupWithCountSchema,
  fileListQuerySchema,
  fileUploadFieldsSchema,
  sponsorIdParamsSchema,
  sponsorInputSchema,
  sponsorOrderSchema,
  sponsorSchema,
  storedFileSchema,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext } from '../../platform/service-context.js';
import { validationError } from '../../platform/errors.js';
import { readUpload } from '../../platform/uploads.js';
import { contentDisposition } from './file-types.js';
import {
  createSponsor,
  deleteFile,
  deleteSponsor,
  getFileForDownload,
  listFiles,
  listGroups,
  listPublicFiles,
  listPublicGroups,
  listPublicSponsors,
  listSponsors,
  reorderSponsors,
  saveGroup,
  updateSponsor,
  uploadFile,
  type FileDownload,
} from './files.service.js';

/** What a file of the file store may weigh. */
const FILE_MAX_BYTES = 15 * 1024 * 1024;

/** Reads the multipart upload: text fields (sent before the file), validated with their schema, and the file's bytes. */
async function readFileUpload(request: FastifyRequest) {
  const file = await readUpload(request, { maxBytes: FILE_MAX_BYTES });
  const displayName = Object.fromEntries(LANGUAGES.map((l) => [l, file.fields[`displayName_${l}`]]).filter(([, v]) => v !== undefined));
  const fields = fileUploadFieldsSchema.safeParse({ group: file.fields.group, name: file.fields.name, displayName });
  if (!fields.success) {
    throw validationError(fields.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), code: i.code, message: i.message })));
  }
  return { ...fields.data, originalName: file.filename, data: file.data };
}

function sendDownload(reply: FastifyReply, download: FileDownload, cacheControl: string) {
  reply.header('etag', download.etag).header('cache-control', cacheControl).header('last-modified', download.meta.updatedAt.toUTCString());
  if (!download.data) return reply.status(304).send();
  return reply
    .header('content-type', download.meta.contentType)
    .header('content-length', download.data.length)
    .header('content-disposition', contentDisposition(download.meta.inline, download.meta.name))
    .send(download.data);
}

export async function filesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['files'];
  const write = { access: 'files:write', invalidates: ['files'] } as const;

  // Public: only groups marked public are listed and served.
  r.get('/api/v1/filestore/anon/groups', {
    schema: { tags, summary: 'Public file groups', response: { 200: z.array(fileGroupSchema) } },
    config: { access: 'public', publicCache: { topic: 'files' } },
    handler: async () => listPublicGroups(db),
  });
  r.get('/api/v1/filestore/anon/files', {
    schema: {
      tags,
      summary: 'Files of a public group (all public groups without `group`)',
      querystring: fileListQuerySchema,
      response: { 200: z.array(storedFileSchema) },
    },
    config: { access: 'public', publicCache: { topic: 'files' } },
    handler: async (request) => listPublicFiles(db, request.query.group),
  });
  r.get('/api/v1/filestore/anon/file', {
    schema: { tags, summary: 'Download a file of a public group (ETag, If-None-Match)', querystring: fileAddressQuerySchema },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const download = await getFileForDownload(db, request.query.group, request.query.name, {
        onlyPublic: true,
        ifNoneMatch: request.headers['if-none-match'],
      });
      // Short freshness, then a cheap revalidation: a replaced file shows within minutes.
      return sendDownload(reply, download, 'public, max-age=300, must-revalidate');
    },
  });
  r.get('/api/v1/filestore/anon/sponsors', {
    schema: { tags, summary: 'Sponsors shown on the site', response: { 200: z.array(sponsorSchema) } },
    config: { access: 'public', publicCache: { topic: 'files' } },
    handler: async () => listPublicSponsors(db),
  });

  // Managers.
  r.get('/api/v1/filestore/groups', {
    schema: { tags, summary: 'All file groups with their file counts', response: { 200: z.array(fileGroupWithCountSchema) } },
    config: write,
    handler: async () => listGroups(db),
  });
  r.put('/api/v1/filestore/group/:code', {
    schema: {
      tags,
      summary: 'Create or change a file group',
      params: z.object({ code: fileGroupSchema.shape.code }),
      body: fileGroupUpdateSchema,
      response: { 200: fileGroupSchema },
    },
    config: write,
    handler: async (request) => saveGroup(managerContext(deps, request), { code: request.params.code, ...request.body }),
  });
  r.get('/api/v1/filestore/files', {
    schema: { tags, summary: 'All files, private groups included', querystring: fileListQuerySchema, response: { 200: z.array(storedFileSchema) } },
    config: write,
    handler: async (request) => listFiles(db, request.query.group),
  });
  r.get('/api/v1/filestore/file', {
    schema: { tags, summary: 'Download any file (private groups included)', querystring: fileAddressQuerySchema },
    config: write,
    handler: async (request, reply) => {
      const download = await getFileForDownload(db, request.query.group, request.query.name, {
        onlyPublic: false,
        ifNoneMatch: request.headers['if-none-match'],
      });
      return sendDownload(reply, download, 'private, no-cache');
    },
  });
  r.post('/api/v1/filestore/upload', {
    schema: { tags, summary: 'Upload a file (multipart: group, name?, displayName_<lang>?, then file)', response: { 201: storedFileSchema } },
    config: write,
    handler: async (request, reply) => reply.status(201).send(await uploadFile(managerContext(deps, request), await readFileUpload(request))),
  });
  r.delete('/api/v1/filestore/file', {
    schema: { tags, summary: 'Delete a file', querystring: fileAddressQuerySchema },
    config: write,
    handler: async (request, reply) => {
      await deleteFile(managerContext(deps, request), request.query.group, request.query.name);
      return reply.status(204).send();
    },
  });
  r.get('/api/v1/filestore/sponsors', {
    schema: { tags, summary: 'All sponsors, hidden ones included', response: { 200: z.array(sponsorSchema) } },
    config: write,
    handler: async () => listSponsors(db),
  });
  r.post('/api/v1/filestore/sponsors', {
    schema: { tags, summary: 'Add a sponsor', body: sponsorInputSchema, response: { 201: sponsorSchema } },
    config: write,
    handler: async (request, reply) => reply.status(201).send(await createSponsor(managerContext(deps, request), request.body)),
  });
  r.put('/api/v1/filestore/sponsors/order', {
    schema: { tags, summary: 'Put the sponsors in a new order (every sponsor once)', body: sponsorOrderSchema, response: { 200: z.array(sponsorSchema) } },
    config: write,
    handler: async (request) => reorderSponsors(managerContext(deps, request), request.body.ids),
  });
  r.put('/api/v1/filestore/sponsors/:id', {
    schema: { tags, summary: 'Change a sponsor', params: sponsorIdParamsSchema, body: sponsorInputSchema, response: { 200: sponsorSchema } },
    config: write,
    handler: async (request) => updateSponsor(managerContext(deps, request), request.params.id, request.body),
  });
  r.delete('/api/v1/filestore/sponsors/:id', {
    schema: { tags, summary: 'Remove a sponsor', params: sponsorIdParamsSchema },
    config: write,
    handler: async (request, reply) => {
      await deleteSponsor(managerContext(deps, request), request.params.id);
      return reply.status(204).send();
    },
  });
}
