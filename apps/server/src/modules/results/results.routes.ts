import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
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
  const tags = ['results'];
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
  const notModified = { 304: z.null().describe('Not modified (If-None-Match)') };

  r.get('/api/v1/results/anon/categories', {
    schema: { tags, summary: 'Categories of the edition with published results', response: { 200: z.array(resultsCategorySummarySchema) } },
    config: readAll,
    handler: () => listResultsCategories(db),
  });

  r.get('/api/v1/results/anon/:category', {
    schema: {
      tags,
      summary: "A category's published tournament: players (no private data), every round",
      params: resultsCategoryParamsSchema,
      response: { 200: publicTournamentSchema, ...notModified },
    },
    config: read,
    handler: (request) => getPublicTournament(db, request.params.category),
  });

  r.get('/api/v1/results/anon/:category/standings', {
    schema: {
      tags,
      summary: "Standings with the program's tie-break columns; provisional while unofficial results are in",
      params: resultsCategoryParamsSchema,
      response: { 200: standingsSchema, ...notModified },
    },
    config: read,
    handler: (request) => getStandings(db, request.params.category),
  });

  r.get('/api/v1/results/anon/:category/pairings/:round', {
    schema: {
      tags,
      summary: 'Pairings and results of a round, with unofficial results',
      params: resultsRoundParamsSchema,
      response: { 200: roundPairingsSchema, ...notModified },
    },
    config: read,
    handler: (request) => getRoundPairings(db, request.params.category, request.params.round),
  });

  r.get('/api/v1/results/anon/:category/unofficial/:round', {
    schema: {
      tags,
      summary: "Arbiters' unofficial results of a round",
      params: resultsRoundParamsSchema,
      response: { 200: unofficialRoundSchema, ...notModified },
    },
    config: read,
    handler: (request) => getUnofficialRound(db, request.params.category, request.params.round),
  });

  r.get('/api/v1/results/anon/:category/trf', {
    schema: { tags, summary: 'The category as a FIDE TRF16 file (open data, no birth dates)', params: resultsCategoryParamsSchema },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const answer = await exportTrf(db, request.params.category);
      return sendDownload(request, reply, answer.body, 'text/plain; charset=utf-8', `${answer.category.toLowerCase()}.trf`);
    },
  });

  r.get('/api/v1/results/anon/:category/standings.csv', {
    schema: {
      tags,
      summary: 'Standings as CSV in the language asked (nl, fr, de: semicolons and decimal commas)',
      params: resultsCategoryParamsSchema,
      querystring: downloadLanguageQuerySchema,
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const answer = await exportStandingsCsv(db, request.params.category, request.query.lang);
      return sendDownload(request, reply, answer.body, 'text/csv; charset=utf-8', `${answer.category.toLowerCase()}-standings.csv`);
    },
  });

  r.post('/api/v1/results/imports', {
    schema: {
      tags,
      summary: 'Upload a Swar JSON or TRF file (multipart, field "file"): a draft with its proposed category and diff',
      response: { 201: tournamentImportSchema },
    },
    config: write,
    handler: async (request, reply) => {
      const file = await readUpload(request, { maxBytes: TOURNAMENT_FILE_MAX_BYTES });
      reply.status(201);
      return importTournamentFile(managerContext(deps, request), { fileName: file.filename, bytes: file.data });
    },
  });

  r.get('/api/v1/results/imports/:id', {
    schema: {
      tags,
      summary: 'The diff of a draft against the chosen category',
      params: tournamentImportIdParamsSchema,
      querystring: tournamentDiffQuerySchema,
      response: { 200: tournamentImportSchema },
    },
    config: write,
    handler: (request) => previewImport(db, request.params.id, request.query.category),
  });

  r.post('/api/v1/results/imports/:id/publish', {
    schema: {
      tags,
      summary: 'Publish a draft as the next version of the confirmed category',
      params: tournamentImportIdParamsSchema,
      body: publishImportSchema,
      response: { 200: tournamentVersionSchema },
    },
    config: write,
    handler: (request) => publishImport(managerContext(deps, request), request.params.id, request.body),
  });

  r.post('/api/v1/tournament/json', {
    schema: {
      tags,
      summary:
        "The specification's import: {name, jsoncontent} with a data URL, published at once; the same content again answers the current version without publishing a new one",
      body: tournamentJsonUploadSchema,
      response: { 200: tournamentVersionSchema },
    },
    bodyLimit: TOURNAMENT_JSON_BODY_MAX_BYTES,
    config: write,
    handler: async (request) => (await importAndPublishDataUrl(managerContext(deps, request), request.body)).version,
  });

  r.get('/api/v1/results/:category/versions', {
    schema: {
      tags,
      summary: 'Every published version of a category, newest first',
      params: resultsCategoryParamsSchema,
      response: { 200: z.array(tournamentVersionSchema) },
    },
    config: write,
    handler: (request) => listVersions(db, request.params.category),
  });

  r.get('/api/v1/results/:category/versions/:version/diff', {
    schema: {
      tags,
      summary: 'What restoring an older version would change against the current one',
      params: versionParamsSchema,
      response: { 200: versionDiffSchema },
    },
    config: write,
    handler: (request) => restoreDiff(db, request.params.category, request.params.version),
  });

  r.post('/api/v1/results/:category/versions/:version/restore', {
    schema: {
      tags,
      summary: 'Publish an older version again (audited); `confirm: true` after the manager saw its diff, else 409 results.confirmation_required',
      params: versionParamsSchema,
      body: restoreVersionSchema,
      response: { 200: tournamentVersionSchema },
    },
    config: write,
    handler: (request) => restoreVersion(managerContext(deps, request), request.params.category, request.params.version, request.body.confirm),
  });

  r.post('/api/v1/tournament/unofficial_result', {
    schema: {
      tags,
      summary: "An arbiter's unofficial result of one board (empty clears it)",
      body: unofficialResultInputSchema,
      response: { 200: unofficialRoundSchema },
    },
    config: write,
    handler: (request) => setUnofficialResult(managerContext(deps, request), request.body),
  });

  r.get('/api/v1/results/anon/:category/events', {
    schema: {
      tags,
      summary: 'Server-sent events: a message ("unofficial:<round>:<board>", "version:<n>") whenever the category\'s results change; reload when one arrives',
      params: resultsCategoryParamsSchema,
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const topic = await resultsTopic(db, request.params.category);
      // Reconnect after 5 s when the connection drops.
      const stream = streams.open(request, reply);
      stream.onClose(bus.subscribe(topic, (payload) => stream.write(`data: ${payload}\n\n`)));
    },
  });
}
