import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  categoryParamsSchema,
  deletedGameSchema,
  gameLinksSchema,
  gameCategoriesSchema,
  gameRoundsSchema,
  linkGameSchema,
  moveGameSchema,
  gameIdParamsSchema,
  gameRoundParamsSchema,
  gameSourceSchema,
  gameSourceUpdateSchema,
  gameUploadJobListSchema,
  gameUploadJobParamsSchema,
  gameUploadJobQuerySchema,
  gameUploadJobSchema,
  gameUploadListQuerySchema,
  managedGameSchema,
  pgnIngestReportSchema,
  pgnQuerySchema,
  playerGamesQuerySchema,
  publicGameSchema,
  publicRoundGamesSchema,
  pushGamesQuerySchema,
  pushTokenSchema,
  uploadGamesQuerySchema,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { apiRoutes } from '../../platform/routes.js';
import type { EventStreams } from '../../platform/event-streams.js';
import { managerContext, systemContext } from '../../platform/service-context.js';
import { readUpload } from '../../platform/uploads.js';
import { pushGames } from './games-ingest.service.js';
import { deleteGame, linkGameToPairing, listDeletedGames, listManagedGames, matchRoundsAgain, moveGame, restoreGame } from './games-pairing.service.js';
import { closePgnWorkers } from './games-pgn-workers.js';
import { gamePgn, getPublicGame, listGameCategories, listGameLinks, listGameRounds, listRoundGames, playerPgn, roundPgn } from './games-read.service.js';
import { gamesCategory, listGameSources, rotatePushToken, updateGameSource } from './games-sources.service.js';
import { createGamesFeed } from './games.stream.js';
import { getGameUpload, listGameUploads, settleUploadJobs, startGameUpload } from './games-upload-jobs.service.js';

/** A round of 200 boards with clocks is well under this; the platform's default limit is 1 MB. */
const PGN_BODY_LIMIT = 8 * 1024 * 1024;

function bearer(request: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

function sendPgn(reply: FastifyReply, pgn: string, fileName: string) {
  return reply
    .header('content-type', 'application/x-chess-pgn; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-cache')
    .send(pgn);
}

const safeFilePart = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'games';

/** A round's PGN file: a few hundred games of a few kB each. */
const PGN_MAX_BYTES = 15 * 1024 * 1024;

export async function gamesRoutes(app: FastifyInstance, deps: AppDeps, streams: EventStreams): Promise<void> {
  const api = apiRoutes(app, ['results']);
  const { db, clock } = deps;
  const feed = createGamesFeed({ db, clock, bus: deps.bus, log: app.log });
  // Streams never end by themselves: end them before the server waits for its connections to close.
  app.addHook('preClose', async () => feed.close());
  // A manager's change to a round's games (through any route or service, `ctx.afterCommit`) reaches the round's
  // viewers on every instance before the answer.
  // A published (or restored) version of the results may bring the pairings that games already received were waiting
  // for, or pair a round differently: the category's games are matched again, and its viewers read the rounds whose
  // boards changed.
  const stopTelling = deps.events?.on(
    async (event) => {
      if (event.type === 'games.rearranged') await feed.notify({ category: event.category, round: event.round, revealAt: clock.now() });
      if (event.type === 'results.changed' && event.cause === 'published') {
        for (const round of await matchRoundsAgain(db, event.category)) await feed.notify({ category: event.category, round, revealAt: clock.now() });
      }
    },
    { beforeAnswer: true },
  );
  app.addHook('onClose', async () => stopTelling?.());
  // The PGN checkers' threads end with the app (idle threads never hold the process; these free their memory).
  // Upload jobs this process runs end before the threads and the database they use.
  app.addHook('onClose', async () => {
    await settleUploadJobs();
    await closePgnWorkers();
  });
  // Games are no kept public answer (their reads are not cached; the live stream tells viewers): a push every few
  // seconds during a round must not drop every page's kept answers.
  const write = { access: 'results:write', invalidates: [] } as const;

  // Relays send PGN as text/plain or with the PGN media types.
  app.addContentTypeParser(['application/x-chess-pgn', 'application/vnd.chess-pgn'], { parseAs: 'string', bodyLimit: PGN_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  // Public: everything passes the category's broadcast delay.
  api.get('/api/v1/games/public/:category/:round', 'public', 'Games of a round as visitors may see them now (after the broadcast delay)', {
    schema: { params: gameRoundParamsSchema, response: { 200: publicRoundGamesSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return listRoundGames(deps, request.params.category, request.params.round);
    },
  });
  api.get('/api/v1/games/public/categories', 'public', 'Every player category with how many games it has received', {
    schema: { response: { 200: gameCategoriesSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return listGameCategories(db);
    },
  });
  api.get('/api/v1/games/public/:category/rounds', 'public', 'The rounds of a category that have games', {
    schema: { params: categoryParamsSchema, response: { 200: gameRoundsSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { category: request.params.category, rounds: await listGameRounds(db, request.params.category) };
    },
  });
  api.get('/api/v1/games/public/:category/boards', 'public', 'Which game was played on which board of which round (for links from the pairings)', {
    schema: { params: categoryParamsSchema, response: { 200: gameLinksSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return listGameLinks(db, request.params.category);
    },
  });
  api.get('/api/v1/games/public/:category/:round/stream', 'public', {
    summary: 'Live games of a round (server-sent events `games`: first the whole round, then each game whose visible part changed)',
    schema: { params: gameRoundParamsSchema },
    handler: async (request, reply) => {
      const { category, round } = request.params;
      await gamesCategory(db, category);
      const stream = streams.open(request, reply, { retryMs: 3000 });
      await feed.attach(category, round, stream.response);
    },
  });
  api.get('/api/v1/games/public/:category/:round/pgn', 'public', 'PGN of a round (after the broadcast delay)', {
    schema: { params: gameRoundParamsSchema, querystring: pgnQuerySchema },
    handler: async (request, reply) => {
      const { category, round } = request.params;
      return sendPgn(reply, await roundPgn(deps, category, round, request.query.lang), `${category}-round-${round}.pgn`);
    },
  });
  api.get('/api/v1/games/public/:category/player/pgn', 'public', 'PGN of every game of one player in the category (after the broadcast delay)', {
    schema: { params: categoryParamsSchema, querystring: playerGamesQuerySchema },
    handler: async (request, reply) => {
      const { category } = request.params;
      return sendPgn(reply, await playerPgn(deps, category, request.query.name, request.query.lang), `${category}-${safeFilePart(request.query.name)}.pgn`);
    },
  });
  api.get('/api/v1/games/public/game/:id', 'public', 'One game (after the broadcast delay)', {
    schema: { params: gameIdParamsSchema, response: { 200: publicGameSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getPublicGame(deps, request.params.id);
    },
  });
  api.get('/api/v1/games/public/game/:id/pgn', 'public', 'PGN of one game (after the broadcast delay)', {
    schema: { params: gameIdParamsSchema, querystring: pgnQuerySchema },
    handler: async (request, reply) => {
      const { pgn, game } = await gamePgn(deps, request.params.id, request.query.lang);
      return sendPgn(reply, pgn, `${game.category}-r${game.round}-${safeFilePart(game.white.name)}-${safeFilePart(game.black.name)}.pgn`);
    },
  });

  // The venue's relay: public route, the category's push token as the bearer.
  const relay = { access: 'public', idempotency: false, invalidates: [] } as const;
  api.post('/api/v1/games/push/:category', relay, 'Push the PGN of a round (one or many games) with the category’s push token as bearer', {
    schema: { params: categoryParamsSchema, querystring: pushGamesQuerySchema, response: { 200: pgnIngestReportSchema } },
    bodyLimit: PGN_BODY_LIMIT,
    handler: (request) =>
      pushGames({ ...systemContext(deps), onGamesChanged: feed.notify }, request.params.category, bearer(request), request.body, request.query.round),
  });

  // Managers.
  api.get('/api/v1/games/sources', write, 'Sources of the games of every player category', {
    schema: { response: { 200: z.array(gameSourceSchema) } },
    handler: async () => listGameSources(db),
  });
  api.put('/api/v1/games/sources/:category', write, 'Change a category’s broadcast delay and polled address', {
    schema: { params: categoryParamsSchema, body: gameSourceUpdateSchema, response: { 200: gameSourceSchema } },
    handler: (request) => updateGameSource(managerContext(deps, request), request.params.category, request.body),
  });
  api.post('/api/v1/games/sources/:category/token', write, 'A new push token for the category (the previous one stops working)', {
    schema: { params: categoryParamsSchema, response: { 200: pushTokenSchema } },
    handler: async (request) => rotatePushToken(managerContext(deps, request), request.params.category),
  });
  api.post('/api/v1/games/sources/:category/upload', write, {
    summary: 'Upload a PGN file of a round (multipart, field `file`): answers the job that takes its games (follow it with GET /api/v1/games/uploads/{id})',
    schema: { params: categoryParamsSchema, querystring: uploadGamesQuerySchema, response: { 202: gameUploadJobSchema } },
    handler: async (request, reply) => {
      const text = (await readUpload(request, { maxBytes: PGN_MAX_BYTES })).data.toString('utf8');
      const job = await startGameUpload({ ...managerContext(deps, request), bus: deps.bus }, request.params.category, text, request.query.round);
      return reply.status(202).send(job);
    },
  });
  api.get('/api/v1/games/uploads', write, 'The recent PGN uploads of the edition (of one category), newest first', {
    schema: { querystring: gameUploadListQuerySchema, response: { 200: gameUploadJobListSchema } },
    handler: async (request) => listGameUploads(db, request.query.category),
  });
  api.get('/api/v1/games/uploads/:id', write, 'A PGN upload: status, progress, and its report once done (wait=N waits up to N seconds for it to end)', {
    schema: { params: gameUploadJobParamsSchema, querystring: gameUploadJobQuerySchema, response: { 200: gameUploadJobSchema } },
    handler: async (request) => getGameUpload(db, request.params.id, request.query.wait),
  });
  api.get('/api/v1/games/manage/:category/:round', write, 'Every game received for a round, without delay', {
    schema: { params: gameRoundParamsSchema, response: { 200: z.array(managedGameSchema) } },
    handler: async (request) => listManagedGames(db, request.params.category, request.params.round),
  });
  api.put('/api/v1/games/manage/game/:id/pairing', write, 'Link a game to a board of its round’s pairings by hand (null: back to the automatic matching)', {
    schema: { params: gameIdParamsSchema, body: linkGameSchema, response: { 200: managedGameSchema } },
    handler: (request) => linkGameToPairing(managerContext(deps, request), request.params.id, request.body.pairingBoard),
  });
  api.put('/api/v1/games/manage/game/:id/place', write, {
    summary: 'Move a game to another category, round or board (audited); the relay’s later copies still find it there',
    schema: { params: gameIdParamsSchema, body: moveGameSchema, response: { 200: managedGameSchema } },
    handler: async (request) => (await moveGame(managerContext(deps, request), request.params.id, request.body)).game,
  });
  api.delete('/api/v1/games/manage/game/:id', write, 'Delete a received game (audited); the relay sending it again does not bring it back', {
    schema: { params: gameIdParamsSchema },
    handler: async (request, reply) => {
      await deleteGame(managerContext(deps, request), request.params.id);
      return reply.status(204).send();
    },
  });
  api.get('/api/v1/games/manage/:category/:round/deleted', write, 'The games managers deleted from a round (where they were received), newest first', {
    schema: { params: gameRoundParamsSchema, response: { 200: z.array(deletedGameSchema) } },
    handler: async (request) => listDeletedGames(db, request.params.category, request.params.round),
  });
  api.post('/api/v1/games/manage/deleted/:id/restore', write, {
    summary: 'Restore a deleted game as it was (audited); the relay sending it again grows it instead of skipping it',
    schema: { params: gameIdParamsSchema, response: { 200: managedGameSchema } },
    handler: (request) => restoreGame(managerContext(deps, request), request.params.id),
  });
}
