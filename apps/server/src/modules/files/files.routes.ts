import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { apiRoutes } from '../../platform/routes.js';
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

/** Answers a file of the store with its audience's cache rule, or 304 when the caller's copy (If-None-Match) is still current. */
async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  { group, name }: { group: string; name: string },
  { db, onlyPublic, cacheControl }: { db: AppDeps['db']; onlyPublic: boolean; cacheControl: string },
) {
  const download = await getFileForDownload(db, group, name, { onlyPublic, ifNoneMatch: request.headers['if-none-match'] });
  reply.header('etag', download.etag).header('cache-control', cacheControl).header('last-modified', download.meta.updatedAt.toUTCString());
  if (!download.data) return reply.status(304).send();
  return reply
    .header('content-type', download.meta.contentType)
    .header('content-length', download.data.length)
    .header('content-disposition', contentDisposition(download.meta.inline, download.meta.name))
    .send(download.data);
}

export async function filesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = apiRoutes(app, ['files']);
  const { db } = deps;
  const write = { access: 'files:write', invalidates: ['files'] } as const;
  const published = { access: 'public', publicCache: { topic: 'files' } } as const;

  // Public: only groups marked public are listed and served.
  api.get('/api/v1/filestore/anon/groups', published, 'Public file groups', {
    schema: { response: { 200: z.array(fileGroupSchema) } },
    handler: async () => listPublicGroups(db),
  });
  api.get('/api/v1/filestore/anon/files', published, 'Files of a public group (all public groups without `group`)', {
    schema: { querystring: fileListQuerySchema, response: { 200: z.array(storedFileSchema) } },
    handler: async (request) => listPublicFiles(db, request.query.group),
  });
  api.get('/api/v1/filestore/anon/file', 'public', 'Download a file of a public group (ETag, If-None-Match)', {
    schema: { querystring: fileAddressQuerySchema },
    // Short freshness, then a cheap revalidation: a replaced file shows within minutes.
    handler: async (request, reply) =>
      sendStoredFile(request, reply, request.query, { db, onlyPublic: true, cacheControl: 'public, max-age=300, must-revalidate' }),
  });
  api.get('/api/v1/filestore/anon/sponsors', published, 'Sponsors shown on the site', {
    schema: { response: { 200: z.array(sponsorSchema) } },
    handler: async () => listPublicSponsors(db),
  });

  // Managers.
  api.get('/api/v1/filestore/groups', write, 'All file groups with their file counts', {
    schema: { response: { 200: z.array(fileGroupWithCountSchema) } },
    handler: async () => listGroups(db),
  });
  api.put('/api/v1/filestore/group/:code', write, 'Create or change a file group', {
    schema: { params: z.object({ code: fileGroupSchema.shape.code }), body: fileGroupUpdateSchema, response: { 200: fileGroupSchema } },
    handler: async (request) => saveGroup(managerContext(deps, request), { code: request.params.code, ...request.body }),
  });
  api.get('/api/v1/filestore/files', write, 'All files, private groups included', {
    schema: { querystring: fileListQuerySchema, response: { 200: z.array(storedFileSchema) } },
    handler: async (request) => listFiles(db, request.query.group),
  });
  api.get('/api/v1/filestore/file', write, 'Download any file (private groups included)', {
    schema: { querystring: fileAddressQuerySchema },
    handler: async (request, reply) => sendStoredFile(request, reply, request.query, { db, onlyPublic: false, cacheControl: 'private, no-cache' }),
  });
  api.post('/api/v1/filestore/upload', write, 'Upload a file (multipart: group, name?, displayName_<lang>?, then file)', {
    schema: { response: { 201: storedFileSchema } },
    handler: async (request, reply) => reply.status(201).send(await uploadFile(managerContext(deps, request), await readFileUpload(request))),
  });
  api.delete('/api/v1/filestore/file', write, 'Delete a file', {
    schema: { querystring: fileAddressQuerySchema },
    handler: async (request, reply) => {
      await deleteFile(managerContext(deps, request), request.query.group, request.query.name);
      return reply.status(204).send();
    },
  });
  api.get('/api/v1/filestore/sponsors', write, 'All sponsors, hidden ones included', {
    schema: { response: { 200: z.array(sponsorSchema) } },
    handler: async () => listSponsors(db),
  });
  api.post('/api/v1/filestore/sponsors', write, 'Add a sponsor', {
    schema: { body: sponsorInputSchema, response: { 201: sponsorSchema } },
    handler: async (request, reply) => reply.status(201).send(await createSponsor(managerContext(deps, request), request.body)),
  });
  api.put('/api/v1/filestore/sponsors/order', write, 'Put the sponsors in a new order (every sponsor once)', {
    schema: { body: sponsorOrderSchema, response: { 200: z.array(sponsorSchema) } },
    handler: async (request) => reorderSponsors(managerContext(deps, request), request.body.ids),
  });
  api.put('/api/v1/filestore/sponsors/:id', write, 'Change a sponsor', {
    schema: { params: sponsorIdParamsSchema, body: sponsorInputSchema, response: { 200: sponsorSchema } },
    handler: async (request) => updateSponsor(managerContext(deps, request), request.params.id, request.body),
  });
  api.delete('/api/v1/filestore/sponsors/:id', write, 'Remove a sponsor', {
    schema: { params: sponsorIdParamsSchema },
    handler: async (request, reply) => {
      await deleteSponsor(managerContext(deps, request), request.params.id);
      return reply.status(204).send();
    },
  });
}
