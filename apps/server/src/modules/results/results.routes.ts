import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  normaliseResultsCategory,
  publicTournamentSchema,
  publishImportSchema,
  TOURNAMENT_FILE_MAX_BYTES,
  downloadLanguageQuerySchema,
  resultsCategoryParamsSchema,
  resultsCategorySummarySchema,
  restoreVersionSchema,
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
  versionDiffSchema,
  versionParamsSchema,
} from '@bjk/domain';
import type { AppEvent } from '../../platform/after-commit.js';
import type { AppDeps } from '../../platform/app-deps.js';
import type { EventStreams } from '../../platform/event-streams.js';
import { managerContext } from '../../platform/service-context.js';
import { scopedChange } from '../../platform/public-cache.js';
import { readUpload } from '../../platform/uploads.js';
import { apiRoutes, CSV_TYPE, notModifiedSchema, sendTopicEvents } from '../../platform/routes.js';
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
  restoreDiff,
  restoreVersion,
  resultsTopic,
  setUnofficialResult,
} from './results.service.js';
import { closeTournamentWorkers } from './tournament-file-workers.js';

/**
 * A download (TRF, CSV) with its own strong ETag: the public answer cache would not keep its file name
 * (content-disposition), and these are fetched rarely.
 */
function sendDownload(request: FastifyRequest, reply: FastifyReply, body: string, contentType: string, fileName: string) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply
    .header('etag', etag)
    .header('cache-control', 'public, no-cache')
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(body);
}

/**
 * The specification's call carries the file as a base64 data URL inside JSON: the body may be a third larger than the
 * file, plus the envelope. The decoded file is held to the plain upload's limit (`importAndPublishDataUrl`).
 */
const TOURNAMENT_JSON_BODY_MAX_BYTES = Math.ceil((TOURNAMENT_FILE_MAX_BYTES * 4) / 3) + 64 * 1024;

export async function resultsRoutes(app: FastifyInstance, deps: AppDeps, streams: EventStreams): Promise<void> {
  const { db, bus } = deps;
  app.addHook('onClose', async () => closeTournamentWorkers());
  /**
   * Tells every instance's open results pages (server-sent events) that a category changed, once the service's
   * transaction committed (`ctx.afterCommit`: a rolled-back write announces nothing, and a write from anywhere else
   * announces too). The category's kept public answers are dropped on every instance first, before the route answers
   * (the next request anywhere sees the change), so the pages' refetch cannot be answered from before the change; the other
   * categories' answers stay (an arbiter's result in U10 costs the U20 visitors nothing). Every results write
   * announces its category: their `invalidates` is empty. (The games module listens too: a published version may
   * bring the pairings its games were waiting for.)
   */
  const dropped = new WeakMap<AppEvent, Promise<void>>();
  const stopDropping = deps.events?.on(
    (event) => {
      if (event.type !== 'results.changed') return;
      const drop = bus.publish('results', scopedChange(event.category));
      dropped.set(event, drop);
      return drop;
    },
    { beforeAnswer: true },
  );
  // The pages are told once every instance dropped the answers (their refetch gets the change), without holding the
  // write's answer: the answer waited for one round of the bus, not two (issue 22).
  const stopTelling = deps.events?.on(async (event) => {
    if (event.type !== 'results.changed') return;
    await dropped.get(event);
    await bus.publish(`results:${event.category}`, event.change);
  });
  app.addHook('onClose', async () => {
    stopDropping?.();
    stopTelling?.();
  });
  const api = apiRoutes(app, ['results']);
  // Writes drop the kept public answers of the category they changed, on every instance (`announce`: a draft upload
  // changes nothing public); the answers of a category also depend on the edition (which categories exist).
  const write = { access: 'results:write', invalidates: [] } as const;
  const readAll = { access: 'public', publicCache: { topic: ['results', 'edition'] } } as const;
  const read = {
    access: 'public',
    publicCache: {
      topic: ['results', 'edition'],
      scope: (request: FastifyRequest) => normaliseResultsCategory((request.params as { category: string }).category),
    },
  } as const;

  api.get('/api/v1/results/anon/categories', readAll, 'Categories of the edition with published results', {
    schema: { response: { 200: z.array(resultsCategorySummarySchema) } },
    handler: () => listResultsCategories(db),
  });
  api.get('/api/v1/results/anon/:category', read, "A category's published tournament: players (no private data), every round", {
    schema: { params: resultsCategoryParamsSchema, response: { 200: publicTournamentSchema, 304: notModifiedSchema } },
    handler: (request) => getPublicTournament(db, request.params.category),
  });
  api.get('/api/v1/results/anon/:category/standings', read, "Standings with the program's tie-break columns; provisional while unofficial results are in", {
    schema: { params: resultsCategoryParamsSchema, response: { 200: standingsSchema, 304: notModifiedSchema } },
    handler: (request) => getStandings(db, request.params.category),
  });
  api.get('/api/v1/results/anon/:category/pairings/:round', read, 'Pairings and results of a round, with unofficial results', {
    schema: { params: resultsRoundParamsSchema, response: { 200: roundPairingsSchema, 304: notModifiedSchema } },
    handler: (request) => getRoundPairings(db, request.params.category, request.params.round),
  });
  api.get('/api/v1/results/anon/:category/unofficial/:round', read, "Arbiters' unofficial results of a round", {
    schema: { params: resultsRoundParamsSchema, response: { 200: unofficialRoundSchema, 304: notModifiedSchema } },
    handler: (request) => getUnofficialRound(db, request.params.category, request.params.round),
  });

  api.get('/api/v1/results/anon/:category/trf', 'public', 'The category as a FIDE TRF16 file (open data, no birth dates)', {
    schema: { params: resultsCategoryParamsSchema },
    handler: async (request, reply) => {
      const answer = await exportTrf(db, request.params.category);
      return sendDownload(request, reply, answer.body, 'text/plain; charset=utf-8', `${answer.category.toLowerCase()}.trf`);
    },
  });
  api.get('/api/v1/results/anon/:category/standings.csv', 'public', 'Standings as CSV in the language asked (nl, fr, de: semicolons and decimal commas)', {
    schema: { params: resultsCategoryParamsSchema, querystring: downloadLanguageQuerySchema },
    handler: async (request, reply) => {
      const answer = await exportStandingsCsv(db, request.params.category, request.query.lang);
      return sendDownload(request, reply, answer.body, CSV_TYPE, `${answer.category.toLowerCase()}-standings.csv`);
    },
  });

  api.post('/api/v1/results/imports', write, 'Upload a Swar JSON or TRF file (multipart, field "file"): a draft with its proposed category and diff', {
    schema: { response: { 201: tournamentImportSchema } },
    handler: async (request, reply) => {
      const file = await readUpload(request, { maxBytes: TOURNAMENT_FILE_MAX_BYTES });
      reply.status(201);
      return importTournamentFile(managerContext(deps, request), { fileName: file.filename, bytes: file.data });
    },
  });
  api.get('/api/v1/results/imports/:id', write, 'The diff of a draft against the chosen category', {
    schema: { params: tournamentImportIdParamsSchema, querystring: tournamentDiffQuerySchema, response: { 200: tournamentImportSchema } },
    handler: (request) => previewImport(db, request.params.id, request.query.category),
  });
  api.post('/api/v1/results/imports/:id/publish', write, 'Publish a draft as the next version of the confirmed category', {
    schema: { params: tournamentImportIdParamsSchema, body: publishImportSchema, response: { 200: tournamentVersionSchema } },
    handler: (request) => publishImport(managerContext(deps, request), request.params.id, request.body),
  });
  api.post('/api/v1/tournament/json', write, {
    summary:
      "The specification's import: {name, jsoncontent} with a data URL, published at once; the same content again answers the current version without publishing a new one",
    schema: { body: tournamentJsonUploadSchema, response: { 200: tournamentVersionSchema } },
    bodyLimit: TOURNAMENT_JSON_BODY_MAX_BYTES,
    handler: async (request) => (await importAndPublishDataUrl(managerContext(deps, request), request.body)).version,
  });

  api.get('/api/v1/results/:category/versions', write, 'Every published version of a category, newest first', {
    schema: { params: resultsCategoryParamsSchema, response: { 200: z.array(tournamentVersionSchema) } },
    handler: (request) => listVersions(db, request.params.category),
  });
  api.get('/api/v1/results/:category/versions/:version/diff', write, 'What restoring an older version would change against the current one', {
    schema: { params: versionParamsSchema, response: { 200: versionDiffSchema } },
    handler: (request) => restoreDiff(db, request.params.category, request.params.version),
  });
  api.post('/api/v1/results/:category/versions/:version/restore', write, {
    summary: 'Publish an older version again (audited); `confirm: true` after the manager saw its diff, else 409 results.confirmation_required',
    schema: { params: versionParamsSchema, body: restoreVersionSchema, response: { 200: tournamentVersionSchema } },
    handler: (request) => restoreVersion(managerContext(deps, request), request.params.category, request.params.version, request.body.confirm),
  });
  api.post('/api/v1/tournament/unofficial_result', write, "An arbiter's unofficial result of one board (empty clears it)", {
    schema: { body: unofficialResultInputSchema, response: { 200: unofficialRoundSchema } },
    handler: (request) => setUnofficialResult(managerContext(deps, request), request.body),
  });

  api.get('/api/v1/results/anon/:category/events', 'public', {
    summary: 'Server-sent events: a message ("unofficial:<round>:<board>", "version:<n>") whenever the category\'s results change; reload when one arrives',
    schema: { params: resultsCategoryParamsSchema },
    // Reconnect after 5 s when the connection drops.
    handler: async (request, reply) => sendTopicEvents(request, reply, { streams, bus, topic: await resultsTopic(db, request.params.category) }),
  });
}
