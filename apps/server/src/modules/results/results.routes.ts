import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RESULTS_ERRORS,
  publicTournamentSchema,
  publishImportSchema,
  resultsCategoryParamsSchema,
  resultsCategorySummarySchema,
  resultsRoundParamsSchema,
  roundPairingsSchema,
  standingsSchema,
  tournamentDiffQuerySchema,
  tournamentImportIdParamsSchema,
  tournamentImportSchema,
  tournamentJsonUploadSchema,
  tournamentVersionSchema,
  unofficialResultInputSchema,
  unofficialRoundSchema,
  versionParamsSchema,
} from '@bjk/domain';
import type { AppDeps } from '../../app.js';
import { principalOf } from '../../platform/access.js';
import { badRequest } from '../../platform/errors.js';
import {
  exportStandingsCsv,
  exportTrf,
  getPublicTournament,
  getRoundPairings,
  getStandings,
  getUnofficialRound,
  importAndPublishDataUrl,
  importTournamentFile,
  listResultsCategories,
  listVersions,
  previewImport,
  publishImport,
  restoreVersion,
  setUnofficialResult,
} from './results.service.js';

/** Public answers revalidate every time (results change during a round) and answer 304 when unchanged. */
function sendCached<T>(request: FastifyRequest, reply: FastifyReply, answer: { etag: string; body: T }) {
  reply.header('etag', answer.etag).header('cache-control', 'public, no-cache');
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  return answer.body;
}

export async function resultsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['results'];
  const write = { access: 'results:write' } as const;
  const notModified = { 304: z.null().describe('Not modified (If-None-Match)') };

  r.get('/api/v1/results/anon/categories', {
    schema: { tags, summary: 'Categories of the edition with published results', response: { 200: z.array(resultsCategorySummarySchema) } },
    config: { access: 'public' },
    handler: () => listResultsCategories(db),
  });

  r.get('/api/v1/results/anon/:category', {
    schema: { tags, summary: "A category's published tournament: players (no private data), every round", params: resultsCategoryParamsSchema, response: { 200: publicTournamentSchema, ...notModified } },
    config: { access: 'public' },
    handler: async (request, reply) => sendCached(request, reply, await getPublicTournament(db, request.params.category)),
  });

  r.get('/api/v1/results/anon/:category/standings', {
    schema: { tags, summary: "Standings with the program's tie-break columns; provisional while unofficial results are in", params: resultsCategoryParamsSchema, response: { 200: standingsSchema, ...notModified } },
    config: { access: 'public' },
    handler: async (request, reply) => sendCached(request, reply, await getStandings(db, request.params.category)),
  });

  r.get('/api/v1/results/anon/:category/pairings/:round', {
    schema: { tags, summary: 'Pairings and results of a round, with unofficial results', params: resultsRoundParamsSchema, response: { 200: roundPairingsSchema, ...notModified } },
    config: { access: 'public' },
    handler: async (request, reply) => sendCached(request, reply, await getRoundPairings(db, request.params.category, request.params.round)),
  });

  r.get('/api/v1/results/anon/:category/unofficial/:round', {
    schema: { tags, summary: "Arbiters' unofficial results of a round", params: resultsRoundParamsSchema, response: { 200: unofficialRoundSchema, ...notModified } },
    config: { access: 'public' },
    handler: async (request, reply) => sendCached(request, reply, await getUnofficialRound(db, request.params.category, request.params.round)),
  });

  r.get('/api/v1/results/anon/:category/trf', {
    schema: { tags, summary: 'The category as a FIDE TRF16 file (open data, no birth dates)', params: resultsCategoryParamsSchema },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const answer = await exportTrf(db, request.params.category);
      reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${answer.category.toLowerCase()}.trf"`);
      return sendCached(request, reply, answer);
    },
  });

  r.get('/api/v1/results/anon/:category/standings.csv', {
    schema: { tags, summary: 'Standings as CSV (semicolons)', params: resultsCategoryParamsSchema },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const answer = await exportStandingsCsv(db, request.params.category);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${answer.category.toLowerCase()}-standings.csv"`);
      return sendCached(request, reply, answer);
    },
  });

  r.post('/api/v1/results/imports', {
    schema: { tags, summary: 'Upload a Swar JSON or TRF file (multipart, field "file"): a draft with its proposed category and diff', response: { 201: tournamentImportSchema } },
    config: write,
    handler: async (request, reply) => {
      const file = await request.file();
      if (!file) throw badRequest(RESULTS_ERRORS.noFile, 'No file was sent');
      const bytes = await file.toBuffer();
      reply.status(201);
      return importTournamentFile(db, { fileName: file.filename, bytes }, principalOf(request));
    },
  });

  r.get('/api/v1/results/imports/:id', {
    schema: { tags, summary: 'The diff of a draft against the chosen category', params: tournamentImportIdParamsSchema, querystring: tournamentDiffQuerySchema, response: { 200: tournamentImportSchema } },
    config: write,
    handler: (request) => previewImport(db, request.params.id, request.query.category),
  });

  r.post('/api/v1/results/imports/:id/publish', {
    schema: { tags, summary: 'Publish a draft as the next version of the confirmed category', params: tournamentImportIdParamsSchema, body: publishImportSchema, response: { 200: tournamentVersionSchema } },
    config: write,
    handler: (request) => publishImport(db, request.params.id, request.body.category, principalOf(request)),
  });

  r.post('/api/v1/tournament/json', {
    schema: { tags, summary: "The specification's import: {name, jsoncontent} with a data URL, published at once", body: tournamentJsonUploadSchema, response: { 200: tournamentVersionSchema } },
    config: write,
    handler: (request) => importAndPublishDataUrl(db, request.body, principalOf(request)),
  });

  r.get('/api/v1/results/:category/versions', {
    schema: { tags, summary: 'Every published version of a category, newest first', params: resultsCategoryParamsSchema, response: { 200: z.array(tournamentVersionSchema) } },
    config: write,
    handler: (request) => listVersions(db, request.params.category),
  });

  r.post('/api/v1/results/:category/versions/:version/restore', {
    schema: { tags, summary: 'Publish an older version again (audited)', params: versionParamsSchema, response: { 200: tournamentVersionSchema } },
    config: write,
    handler: (request) => restoreVersion(db, request.params.category, request.params.version, principalOf(request)),
  });

  r.post('/api/v1/tournament/unofficial_result', {
    schema: { tags, summary: "An arbiter's unofficial result of one board (empty clears it)", body: unofficialResultInputSchema, response: { 200: unofficialRoundSchema } },
    config: write,
    handler: (request) => setUnofficialResult(db, request.body, principalOf(request)),
  });
}
